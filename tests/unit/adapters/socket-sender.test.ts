import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { socketSender } from '../../../functions/adapters/socket-sender';
import { resetConfigForTests } from '../../../functions/lib/config';

/** A stand-in @connections endpoint: answers per connection id, records what it got. */
const got: { url: string; auth: string; body: string }[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    got.push({ url: req.url!, auth: String(req.headers.authorization), body: Buffer.concat(chunks).toString() });
    const id = decodeURIComponent(req.url!.split('/').pop()!);
    if (id === 'gone=') return res.writeHead(410, { 'x-amzn-errortype': 'GoneException' }).end('{}');
    if (id === 'busy=') return res.writeHead(429, { 'x-amzn-errortype': 'LimitExceededException' }).end('{}');
    res.writeHead(200, { 'content-length': '0' }).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const env = {
    TABLE_NAME: 't',
    MEDIA_BUCKET: 'm',
    MEDIA_BASE_URL: '/media',
    QUEUE_EVENTS_URL: 'http://q',
    WS_CALLBACK_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod`,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
    AWS_SESSION_TOKEN: 'token',
  };
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  resetConfigForTests();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
  server.close();
});

describe('socketSender (@connections over signed keep-alive HTTP)', () => {
  const message = { type: 'pong' as const };

  it('posts the frame to the connection, signed for execute-api in the region', async () => {
    expect(await socketSender.send('Ab+c/d=', message)).toBe('sent');
    const last = got.at(-1)!;
    expect(last.url).toBe('/prod/@connections/Ab%2Bc%2Fd%3D');
    expect(JSON.parse(last.body)).toEqual(message);
    expect(last.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/execute-api\/aws4_request, /,
    );
    expect(last.auth).toContain('x-amz-security-token');
  });

  it('reads 410 as a connection gone and throws on any other refusal', async () => {
    expect(await socketSender.send('gone=', message)).toBe('gone');
    await expect(socketSender.send('busy=', message)).rejects.toThrow(
      '@connections answered 429 (LimitExceededException)',
    );
  });
});
