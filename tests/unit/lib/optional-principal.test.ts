import { describe, expect, it } from 'vitest';
import { SessionRefused } from '../../../functions/core/auth/sessions';
import { optionalPrincipal, type Authenticator } from '../../../functions/lib/session-auth';

const TOKEN = 'aaa.bbb.ccc';
const authenticator: Authenticator = async (token) => {
  if (token !== TOKEN) throw new SessionRefused('invalid');
  return { userId: 'U1', sessionId: 'S1', tokenExpiresAt: new Date() };
};

describe('the viewer of a public route', () => {
  it('is a visitor without an Authorization header', async () => {
    expect(await optionalPrincipal(undefined, authenticator)).toBeNull();
    expect(await optionalPrincipal({}, authenticator)).toBeNull();
    expect(await optionalPrincipal({ authorization: '' }, authenticator)).toBeNull();
  });

  it('is the signed-in user of a live session token', async () => {
    expect(await optionalPrincipal({ authorization: `Bearer ${TOKEN}` }, authenticator)).toMatchObject({
      userId: 'U1',
    });
  });

  it('is refused (401) for a token that is not a live session or not a bearer token', async () => {
    for (const authorization of ['Bearer x.y.z', `Basic ${TOKEN}`, 'Bearer']) {
      await expect(optionalPrincipal({ authorization }, authenticator)).rejects.toMatchObject({ status: 401 });
    }
  });
});
