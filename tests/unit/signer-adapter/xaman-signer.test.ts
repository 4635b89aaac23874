import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { XamanSigner } from '../../../functions/adapters/signer/xaman-signer';
import { NotFoundError, UpstreamError } from '../../../functions/lib/errors';

const apiKey = '6a1c9d36-2b55-4a3e-9a43-6f3c1f0e2b11';
const apiSecret = '0f6a2d9e-3c1b-4e5f-8a7b-9c0d1e2f3a4b';
const uuid = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A Xaman platform API for unit tests: answers each `METHOD path` from `routes`, recording requests. */
let routes: Record<string, (body: unknown) => [number, unknown]>;
let seen: Seen[];
let server: http.Server;
let url: string;

function payload(meta: Record<string, unknown>, response: Record<string, unknown> = {}) {
  return {
    meta: { uuid, signed: false, cancelled: false, expired: false, resolved: false, app_opened: false, ...meta },
    application: { name: 'test', uuidv4: apiKey },
    payload: { tx_type: 'Payment', expires_at: '2026-11-22T12:05:00Z', request_json: {} },
    response: { hex: null, txid: null, account: null, signer_pubkey: null, ...response },
    custom_meta: { identifier: 'order-1', instruction: 'Pay for order 1', blob: null },
  };
}

beforeEach(async () => {
  seen = [];
  routes = {};
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const body: unknown = text ? JSON.parse(text) : undefined;
      const path = (req.url ?? '').replace('/api/v1/platform/', '');
      seen.push({ method: req.method ?? '', path, headers: req.headers, body });
      const route = routes[`${req.method} ${path}`];
      const [status, answer] = route ? route(body) : [404, { error: { reference: 'r', code: 404 } }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const signerAt = (endpoint = url, secret: () => Promise<string> = async () => apiSecret) =>
  new XamanSigner({ apiUrl: endpoint, keys: async () => ({ apiKey, apiSecret: await secret() }) });

describe('XamanSigner', () => {
  it('creates a payload that Xaman will not submit, with our key and secret, and maps the answer', async () => {
    routes['POST payload'] = () => [
      200,
      {
        uuid,
        next: { always: `${url}/sign/${uuid}` },
        refs: { qr_png: `${url}/sign/${uuid}_q.png`, websocket_status: `ws://x/sign/${uuid}` },
        pushed: false,
      },
    ];
    const created = await signerAt().create({
      txjson: { TransactionType: 'SignIn' },
      options: { expireMinutes: 5, returnUrl: { web: 'https://shop.example.com/signed' } },
      customMeta: { identifier: 'login-1', instruction: 'Sign in' },
    });
    expect(created).toEqual({
      uuid,
      signUrl: `${url}/sign/${uuid}`,
      qrPngUrl: `${url}/sign/${uuid}_q.png`,
      websocketUrl: `ws://x/sign/${uuid}`,
    });
    expect(seen[0]!.headers['x-api-key']).toBe(apiKey);
    expect(seen[0]!.headers['x-api-secret']).toBe(apiSecret);
    expect(seen[0]!.body).toEqual({
      txjson: { TransactionType: 'SignIn' },
      options: { submit: false, expire: 5, return_url: { web: 'https://shop.example.com/signed' } },
      custom_meta: { identifier: 'login-1', instruction: 'Sign in' },
    });
  });

  it('maps every payload state to a status, with the signed response only when signed', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'pending'],
      [{ resolved: true }, 'rejected'],
      [{ expired: true }, 'expired'],
      [{ cancelled: true, resolved: true }, 'cancelled'],
    ];
    for (const [meta, status] of cases) {
      routes[`GET payload/${uuid}`] = () => [200, payload(meta)];
      expect(await signerAt().get(uuid)).toMatchObject({ uuid, status, response: null });
    }
    routes[`GET payload/${uuid}`] = () => [
      200,
      payload(
        { signed: true, resolved: true, app_opened: true },
        { hex: 'ABCD', txid: 'EF01', account: 'rAlice', signer_pubkey: 'ED12' },
      ),
    ];
    expect(await signerAt().get(uuid)).toEqual({
      uuid,
      status: 'signed',
      txType: 'Payment',
      opened: true,
      expiresAt: '2026-11-22T12:05:00.000Z',
      response: { hex: 'ABCD', txid: 'EF01', account: 'rAlice', signerPubkey: 'ED12' },
      customMeta: { identifier: 'order-1', instruction: 'Pay for order 1', blob: null },
    });
  });

  it('answers null for a payload Xaman does not know', async () => {
    expect(await signerAt().get(uuid)).toBeNull();
  });

  it('cancels and maps the reason; cancelling an unknown payload is NotFound', async () => {
    routes[`GET payload/${uuid}`] = () => [200, payload({ app_opened: true })];
    routes[`DELETE payload/${uuid}`] = () => [
      200,
      { result: { cancelled: false, reason: 'ALREADY_OPENED' }, meta: payload({}).meta, custom_meta: {} },
    ];
    expect(await signerAt().cancel(uuid)).toEqual({ cancelled: false, reason: 'already_opened' });
    delete routes[`GET payload/${uuid}`];
    await expect(signerAt().cancel(uuid)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('maps refused credentials, refused requests and an unreachable service to typed errors without secrets', async () => {
    routes['POST payload'] = () => [403, { error: { reference: 'ref-1', code: 813 } }];
    const refused = await signerAt()
      .create({ txjson: { TransactionType: 'SignIn' } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ status: 503, code: 'signer_auth' });
    expect((refused as Error).message).not.toContain(apiSecret);

    routes['POST payload'] = () => [400, { error: { reference: 'ref-2', code: 602 } }];
    await expect(signerAt().create({ txjson: { TransactionType: 'Payment' } })).rejects.toMatchObject({
      status: 502,
      code: 'signer_rejected',
    });

    const down = signerAt('http://127.0.0.1:9');
    await expect(down.get(uuid)).rejects.toMatchObject({ status: 503, code: 'signer_unavailable' });
  });

  it('reports a missing secret as configuration, and reads it again on the next call', async () => {
    let reads = 0;
    const signer = signerAt(url, async () => {
      reads += 1;
      if (reads === 1) throw new Error('secret arn:aws:secretsmanager:x has no value yet');
      return apiSecret;
    });
    await expect(signer.checkHealth()).rejects.toMatchObject({ code: 'signer_config' });
    routes['GET ping'] = () => [200, { pong: true, auth: { application: { uuidv4: apiKey, name: 'test' } } }];
    await expect(signer.checkHealth()).resolves.toBeUndefined();
    await signer.checkHealth();
    // Asked on every call (the secrets port caches it), so a key saved in the admin portal takes effect (decision 071).
    expect(reads).toBe(3);
  });

  it('fails the health check when Xaman refuses our key', async () => {
    routes['GET ping'] = () => [403, { error: { reference: 'r', code: 813 } }];
    await expect(signerAt().checkHealth()).rejects.toThrow('The wallet service refused our credentials (code 813)');
  });
});
