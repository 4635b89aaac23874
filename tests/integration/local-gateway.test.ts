import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import * as z from 'zod/mini';
import { defineContract } from '../../shared/api/contract';
import { createHttpGateway } from '../../infra/local/http-gateway';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { messagesToDelete } from '../../infra/local/queue-poller';
import { runSchedule } from '../../infra/local/timers';
import { deliveries } from '../fixtures/local/queue-consumer';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/local');
const fixture = (name: string) => path.join(fixtures, `${name}.ts`);
const baseUrl = () => inject('baseUrl');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A raw request (fetch cannot send a body with GET, nor bodies it does not buffer). */
function rawRequest(
  url: string,
  init: { method: string; body?: Buffer; chunked?: boolean; headers?: Record<string, string> },
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    if (init.body && !init.chunked) req.setHeader('content-length', init.body.length);
    if (init.body) req.write(init.body, () => req.end());
    else req.end();
  });
}

describe('local HTTP gateway against the running stack', () => {
  it('answers an unknown API path with a 404 JSON error', async () => {
    const res = await fetch(`${baseUrl()}/api/no-such-thing?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API route' } });
  });

  it('answers a known path with the wrong method with a 405 JSON error and Allow', async () => {
    const res = await fetch(`${baseUrl()}/api/health`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).toBe('method_not_allowed');
  });

  it('passes the query string to the handler', async () => {
    const bad = await fetch(`${baseUrl()}/api/listings?limit=0`);
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { fields?: Record<string, string> } };
    expect(Object.keys(body.error.fields ?? {})).toContain('limit');
    const ok = await fetch(`${baseUrl()}/api/listings?limit=1`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { items: unknown[] }).items.length).toBeLessThanOrEqual(1);
  });

  it('reports the stack healthy', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
  });

  it('refuses a body over 10 MB with 413 without reading it all', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const declared = await rawRequest(`${baseUrl()}/api/health`, { method: 'GET', body: big });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error.code).toBe('payload_too_large');
    const chunked = await rawRequest(`${baseUrl()}/api/health`, {
      method: 'GET',
      body: big,
      chunked: true,
      headers: { 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(413);
  });

  it('runs the real socket routes: a ping on /ws comes back as a pong through @connections', async () => {
    const ws = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws`);
    const messages: string[] = [];
    ws.on('message', (d) => messages.push(d.toString()));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ action: 'ping' }));
    const reply = await until('the pong', () => messages[0]);
    expect(JSON.parse(reply)).toEqual({ type: 'pong' });
    ws.close();
  });

  it('serves 404 text for non-API paths when there is no web app', async () => {
    const res = await fetch(`${baseUrl()}/some/page`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/plain');
  });
});

describe('API Gateway v2 event built by the gateway', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    const echo = defineContract({ method: 'POST', path: '/api/echo/{id}', response: z.unknown() });
    const gateway = createHttpGateway({
      routes: [
        {
          name: 'echo',
          contract: echo,
          handler: fixture('echo-api'),
          auth: 'public',
          access: { visitor: 200, user: 200, seller: 200, otherSeller: 200, admin: 200 },
        },
      ],
    });
    server = http.createServer((req, res) => void gateway(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('carries path, query, headers, cookies and a text body; writes status, headers and cookies back', async () => {
    const res = await fetch(`${url}/api/echo/a%20b?tag=x&tag=y&q=hello%20world&empty`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=abc; theme=dark', 'X-Custom': 'One' },
      body: JSON.stringify({ hi: 1 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const event = (await res.json()) as APIGatewayProxyEventV2;
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('POST /api/echo/{id}');
    expect(event.rawPath).toBe('/api/echo/a%20b');
    expect(event.rawQueryString).toBe('tag=x&tag=y&q=hello%20world&empty');
    expect(event.pathParameters).toEqual({ id: 'a b' });
    expect(event.queryStringParameters).toEqual({ tag: 'x,y', q: 'hello world', empty: '' });
    expect(event.cookies).toEqual(['session=abc', 'theme=dark']);
    expect(event.headers['x-custom']).toBe('One');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.body).toBe('{"hi":1}');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext).toMatchObject({
      accountId: 'local',
      apiId: 'local',
      routeKey: 'POST /api/echo/{id}',
      stage: '$default',
      http: { method: 'POST', path: '/api/echo/a%20b', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1' },
    });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('apigw-requestid')).toBe(event.requestContext.requestId);
  });

  it('base64-encodes binary bodies and omits query and path parameters when there are none', async () => {
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    const res = await fetch(`${url}/api/echo/1`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: bytes,
    });
    const event = (await res.json()) as APIGatewayProxyEventV2;
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
    expect(event.queryStringParameters).toBeUndefined();
  });

  it('turns a throwing handler into a 500 JSON error with a request id', async () => {
    const res = await fetch(`${url}/api/echo/1?throw=1`, { method: 'POST' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('internal');
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a stack with fixture consumers, socket routes and a web app', () => {
  let stack: LocalStack;
  let webDir: string;
  let dataDir: string;
  const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-gateway-it-'));
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-gateway-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app shell</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), bigScript);
    stack = await startLocalStack({
      port: 0,
      dataDir,
      webDir,
      ledgerPort: 0,
      xamanPort: 0,
      productsPort: 0,
      extraQueues: [
        {
          name: 'it-fixture',
          urlEnv: 'QUEUE_IT_FIXTURE_URL',
          consumer: fixture('queue-consumer'),
          batchSize: 10,
          visibilityTimeoutSeconds: 1,
          maxReceiveCount: 2,
        },
      ],
      wsRoutes: { $connect: fixture('ws-connect'), $default: fixture('ws-echo-id'), $disconnect: fixture('ws-noop') },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const management = () => new ApiGatewayManagementApiClient({ region: 'us-east-1', endpoint: `${stack.url}/_ws` });

  function openSocket(query = '') {
    const ws = new WebSocket(`${stack.url.replace('http', 'ws')}/ws${query}`);
    const messages: string[] = [];
    ws.on('message', (d) => messages.push(d.toString()));
    const opened = new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    return { ws, messages, opened, closed };
  }

  it('round-trips a socket: $default -> @connections PostToConnection, GetConnection, DeleteConnection closes it', async () => {
    const s = openSocket();
    await s.opened;
    s.ws.send('hello');
    const first = JSON.parse(await until('the echo', () => s.messages[0])) as Record<string, string>;
    expect(first).toMatchObject({ routeKey: '$default', eventType: 'MESSAGE', body: 'hello' });
    expect(first.connectionId).toMatch(/^[A-Za-z0-9_-]{15}=$/);
    // The handler's own return body is not sent back (no route response), only what it posted.
    expect(s.messages).toHaveLength(1);

    const client = management();
    await client.send(new PostToConnectionCommand({ ConnectionId: first.connectionId, Data: 'pushed by the server' }));
    await until('the pushed frame', () => s.messages.includes('pushed by the server'));
    const info = await client.send(new GetConnectionCommand({ ConnectionId: first.connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.Identity?.SourceIp).toBe('127.0.0.1');

    await client.send(new DeleteConnectionCommand({ ConnectionId: first.connectionId }));
    expect(await s.closed).toBe(1000);
    await expect(
      client.send(new PostToConnectionCommand({ ConnectionId: first.connectionId, Data: 'too late' })),
    ).rejects.toBeInstanceOf(GoneException);
    client.destroy();
  });

  it('answers 410 GoneException for an unknown connection; refuses unsigned and cross-site calls (decision 077)', async () => {
    const unknown = `${stack.url}/_ws/@connections/${encodeURIComponent('AAAAAAAAAAAAAAA=')}`;
    const signed = { authorization: 'AWS4-HMAC-SHA256 Credential=local/20261129/us-east-1/execute-api/aws4_request' };
    const res = await fetch(unknown, { method: 'POST', headers: signed, body: 'x' });
    expect(res.status).toBe(410);
    expect(res.headers.get('x-amzn-errortype')).toBe('GoneException');
    // What a page of another site can send: a form-like post without a signature, or any request naming its origin.
    const unsigned = await fetch(unknown, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect([unsigned.status, unsigned.headers.get('x-amzn-errortype')]).toEqual([403, 'ForbiddenException']);
    const foreign = await fetch(unknown, { method: 'POST', headers: { ...signed, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const client = management();
    await expect(client.send(new GetConnectionCommand({ ConnectionId: 'nope' }))).rejects.toBeInstanceOf(GoneException);
    client.destroy();
  });

  it('refuses the upgrade with the status $connect returns, or 500 when it throws', async () => {
    await expect(openSocket('?refuse=403').opened).rejects.toThrow('status 403');
    await expect(openSocket('?refuse=throw').opened).rejects.toThrow('status 500');
  });

  it('delivers queue messages to the consumer and honours batchItemFailures (failed ones retry, then go to the DLQ)', async () => {
    const sqs = new SQSClient({ region: 'us-east-1', endpoint: stack.env.AWS_ENDPOINT_URL_SQS });
    const queueUrl = stack.env.QUEUE_IT_FIXTURE_URL!;
    for (const body of ['ok-1', 'ok-2', 'fail-1'])
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));

    const of = (body: string) => deliveries().filter((d) => d.body === body);
    await until('two deliveries of fail-1', () => of('fail-1').length >= 2);
    const { QueueUrl: dlqUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'it-fixture-dlq' }));
    const dead = await until('the DLQ message', async () => {
      const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, WaitTimeSeconds: 1 }));
      return out.Messages?.[0];
    });
    expect(dead.Body).toBe('fail-1');

    expect(of('ok-1')).toHaveLength(1);
    expect(of('ok-2')).toHaveLength(1);
    expect(of('fail-1').map((d) => d.receiveCount)).toEqual([1, 2]);
    expect(of('ok-1')[0]).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:it-fixture',
    });
    const attrs = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    expect(attrs.Attributes).toMatchObject({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
    });
    sqs.destroy();
  });

  it('deletes nothing when the consumer throws, and everything not reported as failed otherwise', () => {
    const rec = (id: string) => ({ messageId: id }) as Parameters<typeof messagesToDelete>[0][number];
    const records = [rec('a'), rec('b'), rec('c')];
    expect(messagesToDelete(records, { ok: false })).toEqual([]);
    expect(messagesToDelete(records, { ok: true, result: undefined }).map((r) => r.messageId)).toEqual(['a', 'b', 'c']);
    const partial = { batchItemFailures: [{ itemIdentifier: 'b' }] };
    expect(messagesToDelete(records, { ok: true, result: partial }).map((r) => r.messageId)).toEqual(['a', 'c']);
    const bogus = { batchItemFailures: [{ itemIdentifier: 'zzz' }] };
    expect(messagesToDelete(records, { ok: true, result: bogus })).toEqual([]);
  });

  it('serves the web app with SPA fallback, cache headers and compression', async () => {
    const page = await fetch(`${stack.url}/listings/some-id`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('app shell');

    const asset = await rawRequest(`${stack.url}/assets/app-1234.js`, {
      method: 'GET',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    const gz = await new Promise<Buffer>((resolve) => {
      http.get(`${stack.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('br');
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
    expect(zlib.brotliDecompressSync(gz).toString()).toBe(bigScript);

    expect((await fetch(`${stack.url}/assets/missing.js`)).status).toBe(404);
    // Encoded slashes survive URL normalisation; the decoded path must still stay inside webDir.
    const escape = await rawRequest(`${stack.url}/assets/..%2f..%2f..%2f..%2fetc%2fhostname`, { method: 'GET' });
    expect(escape.status).toBe(404);
  });

  it('serves media objects from the bucket with immutable caching, 404 when missing', async () => {
    const s3 = new S3Client({ region: 'us-east-1', endpoint: stack.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await s3.send(
      new PutObjectCommand({
        Bucket: stack.env.MEDIA_BUCKET,
        Key: 'listings/x/photo 1.png',
        Body: png,
        ContentType: 'image/png',
      }),
    );
    const res = await fetch(`${stack.env.MEDIA_BASE_URL}/listings/x/photo%201.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    expect((await fetch(`${stack.env.MEDIA_BASE_URL}/listings/x/none.png`)).status).toBe(404);
    s3.destroy();
  });

  it('runs a schedule handler now with a Scheduler-like event', async () => {
    const result = (await runSchedule({
      name: 'fixture-job',
      handler: fixture('scheduled-job'),
      rate: 'rate(1 minute)',
    })) as {
      got: { 'detail-type': string; source: string; time: string; resources: string[] };
    };
    expect(result.got['detail-type']).toBe('Scheduled Event');
    expect(result.got.source).toBe('aws.scheduler');
    expect(Date.parse(result.got.time)).toBeGreaterThan(Date.now() - 60_000);
    expect(result.got.resources[0]).toContain('fixture-job');
  });
});
