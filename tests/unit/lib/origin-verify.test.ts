import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2, APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { resetSecrets } from '../../../functions/adapters/secrets';
import { ok } from '../../../functions/wiring/http';
import { httpHandler } from './ungated-http';
import {
  DIRECT_CALL_MESSAGE,
  ORIGIN_VERIFY_ENV,
  ORIGIN_VERIFY_HEADER,
  originVerify,
} from '../../../functions/lib/origin-verify';
import type { RouteDef } from '../../../functions/routes';
import { handler as authorize } from '../../../functions/ws/authorize-connection';
import { defineContract } from '../../../shared/api/contract';
import { captureOutput } from './capture-output';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-verify-AbCdEf';
const SECRET = 'cloudfront-origin-secret-0123456789abcdef';

const contract = defineContract({
  method: 'POST',
  path: '/api/things',
  body: z.strictObject({ name: z.string() }),
  response: z.object({ name: z.string() }),
});
const route = (auth: RouteDef['auth']): RouteDef<typeof contract> => ({
  name: 'makeThing',
  contract,
  handler: 'http/things/make-thing',
  auth,
  access: { visitor: 200, user: 200, seller: 200, otherSeller: 200, admin: 200 },
});

function event(headers: Record<string, string> = {}, body = JSON.stringify({ name: 'x' })): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/things',
    rawPath: '/api/things',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1' } as APIGatewayProxyEventV2['requestContext'],
  };
}

const secretsManager = mockClient(SecretsManagerClient);
let stored = SECRET;

beforeEach(() => {
  resetSecrets();
  stored = SECRET;
  secretsManager.reset();
  secretsManager.on(GetSecretValueCommand, { SecretId: ARN }).callsFake(() => ({ SecretString: stored }));
  vi.stubEnv(ORIGIN_VERIFY_ENV, ARN);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('originVerify in the HTTP chain', () => {
  const impl = vi.fn(async (req: { body: { name: string } }) => ok({ name: req.body.name }));
  const publicHandler = httpHandler(route('public'), impl);
  const userHandler = httpHandler(route('user'), impl);

  it('answers a direct call (no origin header) 403 in the JSON error shape, before the body or a session is looked at', async () => {
    impl.mockClear();
    for (const [handler, body] of [
      [publicHandler, JSON.stringify({ name: 'x' })],
      [publicHandler, '{"broken'],
      [userHandler, JSON.stringify({ name: 'x' })],
    ] as const) {
      const res = await handler(event({}, body));
      expect(res.statusCode).toBe(403);
      expect(res.headers?.['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body!)).toEqual({
        error: { code: 'forbidden', message: DIRECT_CALL_MESSAGE, requestId: 'req-1' },
      });
    }
    expect(impl).not.toHaveBeenCalled();
  });

  it('refuses a wrong value and never logs the secret or what was sent', async () => {
    const output = captureOutput();
    const res = await publicHandler(event({ [ORIGIN_VERIFY_HEADER]: 'guessed-value' }));
    expect(res.statusCode).toBe(403);
    expect(output.lines.join('\n')).not.toMatch(new RegExp(`${SECRET}|guessed-value`));
  });

  it('lets a request with the secret CloudFront adds through', async () => {
    const res = await publicHandler(event({ [ORIGIN_VERIFY_HEADER]: SECRET }));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ name: 'x' });
  });

  it('reads the secret once per cache period, and again at once when the distribution sends a rotated value', async () => {
    await publicHandler(event({ [ORIGIN_VERIFY_HEADER]: SECRET }));
    await publicHandler(event({ [ORIGIN_VERIFY_HEADER]: SECRET }));
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    stored = 'rotated-origin-secret-fedcba9876543210';
    const res = await publicHandler(event({ [ORIGIN_VERIFY_HEADER]: stored }));
    expect(res.statusCode).toBe(200);
    // The old value is refused from then on.
    expect((await publicHandler(event({ [ORIGIN_VERIFY_HEADER]: SECRET }))).statusCode).toBe(403);
  });

  it('is off when the variable is unset (the local runtime, which has no CloudFront)', async () => {
    vi.stubEnv(ORIGIN_VERIFY_ENV, '');
    const res = await publicHandler(event());
    expect(res.statusCode).toBe(200);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('takes its enablement and secret source as parameters', async () => {
    const source = { read: vi.fn(async () => SECRET), refresh: vi.fn(async () => false) };
    const check = originVerify(source, () => true).before!;
    const request = { event: event({ [ORIGIN_VERIFY_HEADER]: 'nope' }) } as Parameters<typeof check>[0];
    await expect(check(request)).rejects.toMatchObject({ status: 403 });
    expect(source.refresh).toHaveBeenCalledOnce();
  });
});

describe('the socket $connect authorizer', () => {
  const connect = (headers: Record<string, string>) =>
    ({
      type: 'REQUEST',
      routeArn: 'arn:aws:execute-api:us-east-1:123456789012:abc/ws/$connect',
      headers,
      queryStringParameters: {},
      requestContext: { requestId: 'req-ws' },
    }) as unknown as APIGatewayRequestAuthorizerEventV2;
  const effectOf = (answer: unknown) =>
    (answer as { policyDocument: { Statement: { Effect: string }[] } }).policyDocument.Statement[0]!.Effect;

  it('denies a connection that did not come through CloudFront and allows one that did', async () => {
    expect(effectOf(await authorize(connect({})))).toBe('Deny');
    expect(effectOf(await authorize(connect({ [ORIGIN_VERIFY_HEADER]: 'wrong' })))).toBe('Deny');
    expect(effectOf(await authorize(connect({ [ORIGIN_VERIFY_HEADER]: SECRET })))).toBe('Allow');
  });
});
