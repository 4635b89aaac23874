import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { defineContract } from '../../../shared/api/contract';
import { IDEMPOTENCY_PARTITION } from '../../../functions/lib/idempotency';
import { created, ok } from '../../../functions/wiring/http';
import { httpHandler } from './ungated-http';
import { idempotentRequests } from '../../../functions/wiring/idempotency';
import type { RouteDef } from '../../../functions/routes';
import { captureOutput } from './capture-output';
import { restoreFunctionEnv, stubFunctionEnv } from './function-env';

const contract = defineContract({
  method: 'POST',
  path: '/api/things',
  body: z.strictObject({ name: z.string().check(z.minLength(1)) }),
  response: z.object({ id: z.string(), name: z.string() }),
});
const route: RouteDef<typeof contract> = {
  name: 'makeThing',
  contract,
  handler: 'http/things/make-thing',
  auth: 'user',
  idempotent: true,
} as RouteDef<typeof contract>;
const KEY = '7f6d2c1e-9a4b-4c3d-8e2f-0a1b2c3d4e5f';

/** A table that answers the persistence layer's four calls as DynamoDB does (conditions the layer uses included). */
function fakeTable() {
  const items = new Map<string, Record<string, AttributeValue>>();
  const id = (key: Record<string, AttributeValue> | undefined) => `${key?.pk?.S}|${key?.sk?.S}`;
  const ddb = mockClient(DynamoDBClient);
  ddb.on(PutItemCommand).callsFake((input: { Item: Record<string, AttributeValue> }) => {
    const existing = items.get(id(input.Item));
    const now = Date.now() / 1000;
    if (existing && Number(existing.ttl?.N) >= now) {
      throw new ConditionalCheckFailedException({ message: 'exists', $metadata: {}, Item: existing });
    }
    items.set(id(input.Item), input.Item);
    return {};
  });
  ddb
    .on(GetItemCommand)
    .callsFake((input: { Key: Record<string, AttributeValue> }) => ({ Item: items.get(id(input.Key)) }));
  ddb.on(DeleteItemCommand).callsFake((input: { Key: Record<string, AttributeValue> }) => {
    items.delete(id(input.Key));
    return {};
  });
  ddb
    .on(UpdateItemCommand)
    .callsFake(
      (input: {
        Key: Record<string, AttributeValue>;
        UpdateExpression: string;
        ExpressionAttributeNames: Record<string, string>;
        ExpressionAttributeValues: Record<string, AttributeValue>;
      }) => {
        const item = { ...(items.get(id(input.Key)) ?? input.Key) };
        for (const [, name, value] of input.UpdateExpression.matchAll(/(#\w+) = (:\w+)/g)) {
          item[input.ExpressionAttributeNames[name!]!] = input.ExpressionAttributeValues[value!]!;
        }
        items.set(id(input.Key), item);
        return {};
      },
    );
  return { ddb, items };
}

const context = { functionName: 'fn', awsRequestId: 'a', getRemainingTimeInMillis: () => 10_000 } as Context;
function post(body: unknown, headers: Record<string, string> = { 'idempotency-key': KEY }, requestId = 'req-1') {
  return {
    headers: { 'content-type': 'application/json', authorization: 'Bearer a.b.c', ...headers },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { requestId },
  } as unknown as APIGatewayProxyEventV2;
}
const parse = (r: APIGatewayProxyStructuredResultV2) =>
  JSON.parse(r.body ?? '') as { error: { code: string; message: string; requestId: string } } & Record<string, unknown>;

describe('idempotent routes', () => {
  let table: ReturnType<typeof fakeTable>;
  let user = 'U1';
  let made = 0;
  const handler = () =>
    httpHandler(
      route,
      async ({ body }) => {
        made++;
        return created({ id: `T${made}`, name: body.name });
      },
      {
        authenticate: async () => ({ userId: user, sessionId: 'S', tokenExpiresAt: new Date() }),
        idempotency: idempotentRequests('makeThing'),
      },
    );

  beforeEach(() => {
    stubFunctionEnv();
    table = fakeTable();
    user = 'U1';
    made = 0;
    captureOutput();
  });
  afterEach(() => {
    table.ddb.restore();
    vi.restoreAllMocks();
    restoreFunctionEnv();
  });

  it('runs once per key: a retry with the same body gets the same answer', async () => {
    const h = handler();
    const first = await h(post({ name: 'lamp' }), context);
    const retry = await h(post({ name: 'lamp' }, undefined, 'req-2'), context);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(parse(retry)).toEqual(parse(first));
    expect(retry.headers?.['x-request-id']).toBe('req-2');
    expect(made).toBe(1);
    // One record, in the idempotency partition of the one table, expiring through the table's TTL attribute.
    const [record] = [...table.items.values()];
    expect(table.items.size).toBe(1);
    expect(record?.pk?.S).toBe(IDEMPOTENCY_PARTITION);
    expect(record?.sk?.S).toMatch(/^makeThing#/);
    expect(Number(record?.ttl?.N)).toBeGreaterThan(Date.now() / 1000);
    expect(record?.status?.S).toBe('COMPLETED');
  });

  it('refuses the same key with a different body (422) and does not run', async () => {
    const h = handler();
    await h(post({ name: 'lamp' }), context);
    const other = await h(post({ name: 'chair' }), context);
    expect(other.statusCode).toBe(422);
    expect(parse(other).error).toMatchObject({ code: 'idempotency_key_reused', requestId: 'req-1' });
    expect(made).toBe(1);
  });

  it('refuses the same key and body on another path (another order) with 422, and does not run', async () => {
    const onOrder = defineContract({
      method: 'POST',
      path: '/api/orders/{orderId}/shipment',
      params: z.strictObject({ orderId: z.string() }),
      body: z.strictObject({}),
      response: z.object({ id: z.string() }),
    });
    const h = httpHandler(
      { ...route, contract: onOrder } as unknown as RouteDef<typeof onOrder>,
      async ({ params }) => {
        made++;
        return ok({ id: params.orderId });
      },
      {
        authenticate: async () => ({ userId: 'U1', sessionId: 'S', tokenExpiresAt: new Date() }),
        idempotency: idempotentRequests('shipThing'),
      },
    );
    const on = (orderId: string) => ({ ...post({}), pathParameters: { orderId } }) as APIGatewayProxyEventV2;
    expect(parse(await h(on('O1'), context))).toMatchObject({ id: 'O1' });
    expect(parse(await h(on('O1'), context))).toMatchObject({ id: 'O1' });
    const other = await h(on('O2'), context);
    expect(other.statusCode).toBe(422);
    expect(parse(other).error).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used with a different request; send a new key for a new action',
    });
    expect(made).toBe(1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    let release!: () => void;
    const h = httpHandler(
      route,
      async () => {
        await new Promise<void>((r) => (release = r));
        return ok({ id: 'T1', name: 'lamp' });
      },
      {
        authenticate: async () => ({ userId: 'U1', sessionId: 'S', tokenExpiresAt: new Date() }),
        idempotency: idempotentRequests('makeThing'),
      },
    );
    const first = h(post({ name: 'lamp' }), context);
    await vi.waitFor(() => expect(table.items.size).toBe(1));
    const second = await h(post({ name: 'lamp' }), context);
    expect(second.statusCode).toBe(409);
    expect(parse(second).error.code).toBe('idempotency_in_progress');
    release();
    expect((await first).statusCode).toBe(200);
  });

  it('scopes keys to the user: the same key from another user is a new request', async () => {
    const h = handler();
    await h(post({ name: 'lamp' }), context);
    user = 'U2';
    const theirs = await h(post({ name: 'lamp' }), context);
    expect(theirs.statusCode).toBe(201);
    expect(made).toBe(2);
  });

  it('stores nothing for a failed request, so its retry runs again', async () => {
    let fail = true;
    const h = httpHandler(
      route,
      async () => {
        if (fail) throw new Error('table busy');
        return created({ id: 'T1', name: 'lamp' });
      },
      {
        authenticate: async () => ({ userId: 'U1', sessionId: 'S', tokenExpiresAt: new Date() }),
        idempotency: idempotentRequests('makeThing'),
      },
    );
    expect((await h(post({ name: 'lamp' }), context)).statusCode).toBe(500);
    expect(table.items.size).toBe(0);
    fail = false;
    expect((await h(post({ name: 'lamp' }), context)).statusCode).toBe(201);
  });

  it.each([
    ['missing', {}, 'idempotency_key_required'],
    ['too short', { 'idempotency-key': 'abc' }, 'idempotency_key_invalid'],
    ['with other characters', { 'idempotency-key': `${KEY}/../x` }, 'idempotency_key_invalid'],
  ])('answers 400 when the Idempotency-Key is %s', async (_, headers, code) => {
    const res = await handler()(post({ name: 'lamp' }, headers), context);
    expect(res.statusCode).toBe(400);
    expect(parse(res).error.code).toBe(code);
    expect(parse(res).error.message).toMatch(/Idempotency-Key/);
    expect(made).toBe(0);
  });

  it('checks the session before the key (401 without one)', async () => {
    const res = await httpHandler(route, async () => created({ id: 'T', name: 'x' }), {
      idempotency: idempotentRequests('makeThing'),
    })(post({ name: 'lamp' }, { authorization: '' }), context);
    expect(res.statusCode).toBe(401);
  });

  it('refuses to build an idempotent route without the runner, or a runner on a route without the flag', () => {
    expect(() => httpHandler(route, async () => created({ id: 'T', name: 'x' }))).toThrow(/is idempotent/);
    expect(() =>
      httpHandler({ ...route, idempotent: false }, async () => created({ id: 'T', name: 'x' }), {
        idempotency: idempotentRequests('makeThing'),
      }),
    ).toThrow(/not marked idempotent/);
  });
});
