import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineContract } from '../../../../shared/api/contract';
import { SessionRefused } from '../../../../functions/core/auth/sessions';
import { ok, principalOf } from '../../../../functions/wiring/http';
import { httpHandler } from '../../lib/ungated-http';
import { bearerToken, type Authenticator } from '../../../../functions/lib/session-auth';
import type { RouteDef } from '../../../../functions/routes';

const contract = defineContract({ method: 'GET', path: '/api/whoami', response: z.object({ userId: z.string() }) });
const route = (auth: RouteDef['auth']): RouteDef<typeof contract> => ({
  name: 'whoami',
  contract,
  handler: 'x',
  auth,
  access: { visitor: 401, user: 200, seller: 200, otherSeller: 200, admin: 200 },
});
const TOKEN = 'aaa.bbb.ccc';

const authenticator: Authenticator = async (token) => {
  if (token !== TOKEN) throw new SessionRefused('invalid');
  return { userId: 'U1', sessionId: 'S1', tokenExpiresAt: new Date() };
};

function event(headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /api/whoami',
    rawPath: '/api/whoami',
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: { requestId: 'r1' } as APIGatewayProxyEventV2['requestContext'],
  };
}

const handlerFor = (auth: RouteDef['auth']) =>
  httpHandler(route(auth), async (req) => ok({ userId: principalOf(req).userId }), { authenticate: authenticator });

const parse = (res: APIGatewayProxyStructuredResultV2) => JSON.parse(String(res.body)) as Record<string, unknown>;

describe('user routes in the HTTP wrapper', () => {
  it('hand the handler the principal of a valid bearer token', async () => {
    const res = await handlerFor('user')(event({ authorization: `Bearer ${TOKEN}` }));
    expect(res.statusCode).toBe(200);
    expect(parse(res)).toEqual({ userId: 'U1' });
  });

  it('answer 401 JSON without a token, with another scheme, or with a refused token', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: `Basic ${TOKEN}` },
      { authorization: 'Bearer x.y.z' },
      { authorization: 'Bearer' },
    ];
    for (const headers of cases) {
      const res = await handlerFor('user')(event(headers));
      expect(res.statusCode).toBe(401);
      expect(res.headers?.['content-type']).toContain('application/json');
      expect(parse(res)).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('never ask for a session on public routes (principalOf then refuses)', async () => {
    const res = await handlerFor('public')(event({ authorization: `Bearer ${TOKEN}` }));
    expect(res.statusCode).toBe(401);
  });

  it('read the token from `Authorization: Bearer <jwt>` only', () => {
    expect(bearerToken({ authorization: `Bearer ${TOKEN}` })).toBe(TOKEN);
    expect(bearerToken({ authorization: `bearer ${TOKEN}` })).toBe(TOKEN);
    expect(() => bearerToken({ authorization: 'Bearer not-a-jwt' })).toThrow();
    expect(() => bearerToken(undefined)).toThrow();
  });
});
