import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUpNewUser } from './auth-support';

const FROM = '127.0.9.1';
let token: string;

beforeAll(async () => {
  ({ token } = await signUpNewUser(FROM, 'zip'));
}, 60_000);

describe('ZIP lookup', () => {
  it('fills city and state from a real US ZIP code for a signed-in user', async () => {
    const res = await call('GET', '/api/lookup/zip/78701', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ zip: '78701', city: 'Austin', state: 'TX' });
  });

  it('needs a session, exactly 5 digits, and answers 404 for an unknown ZIP', async () => {
    expect((await call('GET', '/api/lookup/zip/78701')).status).toBe(401);
    const bad = await call<{ error: { message: string } }>('GET', '/api/lookup/zip/7870a', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('ZIP code must be exactly 5 digits');
    expect((await call('GET', '/api/lookup/zip/00000', { token })).status).toBe(404);
  });
});
