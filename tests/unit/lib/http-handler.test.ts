import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { defineContract } from '../../../shared/api/contract';
import { ConfigurationError, ConflictError, NotFoundError } from '../../../functions/lib/errors';
import { MAX_BODY_BYTES } from '../../../functions/lib/http-handler';
import { carrierNotConfigured } from '../../../functions/core/shipping/carrier-error';
import { ok } from '../../../functions/wiring/http';
import { httpHandler } from './ungated-http';
import type { RouteDef } from '../../../functions/routes';
import { captureOutput } from './capture-output';

const contract = defineContract({
  method: 'POST',
  path: '/api/things/{id}',
  params: z.strictObject({ id: z.string().check(z.regex(/^[A-Z0-9]+$/)) }),
  query: z.strictObject({ dryRun: z.optional(z.enum(['true', 'false'])) }),
  body: z.strictObject({ name: z.string().check(z.minLength(1)), count: z.number().check(z.int()) }),
  response: z.object({ id: z.string(), name: z.string() }),
});
const route = (auth: RouteDef['auth'] = 'public'): RouteDef<typeof contract> => ({
  name: 'makeThing',
  contract,
  handler: 'http/things/make-thing',
  auth,
  access: { visitor: 200, user: 200, seller: 200, otherSeller: 200, admin: 200 },
});

function event(over: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/things/{id}',
    rawPath: '/api/things/A1',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: { id: 'A1' },
    body: JSON.stringify({ name: 'x', count: 1 }),
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1' } as APIGatewayProxyEventV2['requestContext'],
    ...over,
  };
}

type Impl = Parameters<typeof httpHandler<typeof contract>>[1];
const handlerOf = (impl: Impl = async () => ok({ id: 'A1', name: 'x' }), auth: RouteDef['auth'] = 'public') =>
  httpHandler(route(auth), impl);
type ErrorBody = { error: { code: string; message: string; requestId?: string; fields: Record<string, string> } };
const parse = (r: APIGatewayProxyStructuredResultV2) => JSON.parse(r.body ?? '') as ErrorBody;

describe('httpHandler', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes validated params, query and body to the use case', async () => {
    const impl = vi.fn<Impl>(async () => ok({ id: 'A1', name: 'x' }));
    const res = await handlerOf(impl)(event({ queryStringParameters: { dryRun: 'true' } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['x-request-id']).toBe('req-1');
    expect(impl.mock.calls[0]?.[0]).toMatchObject({
      params: { id: 'A1' },
      query: { dryRun: 'true' },
      body: { name: 'x', count: 1 },
    });
  });

  it.each([
    ['malformed JSON', { body: '{"name":' }, 400, 'malformed_json'],
    ['a wrong type', { body: JSON.stringify({ name: 'x', count: 'one' }) }, 400, 'validation_failed'],
    ['an unknown field', { body: JSON.stringify({ name: 'x', count: 1, admin: true }) }, 400, 'validation_failed'],
    ['a missing body', { body: undefined }, 400, 'body_required'],
    ['a bad path parameter', { pathParameters: { id: 'a-1' } }, 400, 'validation_failed'],
    ['an unknown query parameter', { queryStringParameters: { x: '1' } }, 400, 'validation_failed'],
    ['a body over 1 MB', { body: 'x'.repeat(MAX_BODY_BYTES + 1) }, 413, 'body_too_large'],
    ['a non-JSON content type', { headers: { 'content-type': 'text/plain' } }, 415, 'unsupported_media_type'],
  ])('answers %s with a JSON error', async (_, over, status, code) => {
    const res = await handlerOf()(event(over as Partial<APIGatewayProxyEventV2>));
    expect(res.statusCode).toBe(status);
    expect(parse(res).error).toMatchObject({ code, requestId: 'req-1' });
    expect(typeof parse(res).error.message).toBe('string');
  });

  it('names the failing fields', async () => {
    const res = await handlerOf()(event({ body: JSON.stringify({ name: '', count: 1.5 }) }));
    expect(Object.keys(parse(res).error.fields)).toEqual(['name', 'count']);
  });

  it('maps typed errors to their status', async () => {
    const notFound = await handlerOf(async () => {
      throw new NotFoundError('No such thing');
    })(event());
    expect(notFound.statusCode).toBe(404);
    expect(parse(notFound).error).toMatchObject({ code: 'not_found', message: 'No such thing' });
    const conflict = await handlerOf(async () => {
      throw new ConflictError('Taken');
    })(event());
    expect(conflict.statusCode).toBe(409);
  });

  it('answers unknown errors 500 with the request id and no internals', async () => {
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const res = await handlerOf(async () => {
      throw new Error('database password is hunter2');
    })(event());
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(parse(res).error).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side',
      requestId: 'req-1',
    });
    expect(String(spy.mock.calls[0]?.[0])).toContain('hunter2');
  });

  it('describes a configuration fault only on an administrator’s route, and logs it (decision 078)', async () => {
    const out = captureOutput();
    const fault = async (): Promise<never> => {
      throw new ConfigurationError(
        'signer_config',
        'The wallet service is not configured: xamanApiKey is missing',
        'signer_unavailable',
        'Try again later.',
      );
    };
    const anonymous = await handlerOf(fault)(event());
    expect(anonymous.statusCode).toBe(503);
    expect(parse(anonymous).error).toEqual({
      code: 'signer_unavailable',
      message: 'Try again later.',
      requestId: 'req-1',
    });
    expect(out.lines.join('\n')).toContain('xamanApiKey is missing');
    const admin = await httpHandler(route('admin'), fault, {
      authenticate: async () => ({ userId: 'A1', sessionId: 'S1', tokenExpiresAt: new Date() }),
    })(event({ headers: { 'content-type': 'application/json', authorization: 'Bearer aaa.bbb.ccc' } }));
    expect(parse(admin).error).toMatchObject({
      code: 'signer_config',
      message: expect.stringContaining('xamanApiKey'),
    });
  });

  it('answers a signed-in caller only that the carrier is unavailable when its keys are missing', async () => {
    captureOutput();
    const fault = async (): Promise<never> => {
      throw carrierNotConfigured('fedexApiKey is missing');
    };
    const signedIn = await httpHandler(route('user'), fault, {
      authenticate: async () => ({ userId: 'U1', sessionId: 'S1', tokenExpiresAt: new Date() }),
    })(event({ headers: { 'content-type': 'application/json', authorization: 'Bearer aaa.bbb.ccc' } }));
    expect(signedIn.statusCode).toBe(503);
    expect(parse(signedIn).error).toMatchObject({
      code: 'carrier_unavailable',
      message: 'The carrier is unavailable right now',
    });
    expect(signedIn.body).not.toContain('fedexApiKey');
  });

  it('refuses routes that need a signed-in user without a session', async () => {
    const res = await handlerOf(undefined, 'user')(event());
    expect(res.statusCode).toBe(401);
    expect(parse(res).error.code).toBe('unauthorized');
  });

  it('flushes the business metrics an action counted as EMF, once per request', async () => {
    const out = captureOutput();
    const res = await handlerOf(async ({ metrics }) => {
      metrics.count('ListingsCreated');
      return ok({ id: 'A1', name: 'x' });
    })(event());
    expect(res.statusCode).toBe(200);
    const emf = out.json().filter((e) => '_aws' in e);
    expect(emf).toEqual([expect.objectContaining({ ListingsCreated: 1, service: 'http/things/make-thing' })]);
  });

  it('logs each request with the request id as correlation id, and never the Authorization header', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const out = captureOutput();
    const res = await httpHandler(route('user'), async () => ok({ id: 'A1', name: 'x' }), {
      authenticate: async () => ({ userId: 'U1', sessionId: 'S1', tokenExpiresAt: new Date() }),
    })(event({ headers: { 'content-type': 'application/json', authorization: 'Bearer aaa.bbb.ccc' } }));
    vi.unstubAllEnvs();
    expect(res.statusCode).toBe(200);
    expect(out.json()).toContainEqual(
      expect.objectContaining({ message: 'request', status: 200, correlation_id: 'req-1', userId: 'U1' }),
    );
    expect(out.lines.join('\n')).not.toContain('aaa.bbb.ccc');
  });

  it('refuses a body on a route that takes none', async () => {
    const getContract = defineContract({ method: 'GET', path: '/api/ping', response: z.object({}) });
    const ping = { ...route(), name: 'ping', contract: getContract, handler: 'x' };
    const h = httpHandler(ping, async () => ok({}));
    const res = await h(event({ body: '{}' }));
    expect(res.statusCode).toBe(400);
    expect(parse(res).error.code).toBe('unexpected_body');
  });
});
