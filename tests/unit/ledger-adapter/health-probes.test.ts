import http from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthProbes, resetHealthProbes } from '../../../functions/wiring/health';
import { resetLedger } from '../../../functions/adapters/ledger/xrpl-ledger';
import { resetSecrets } from '../../../functions/adapters/secrets';
import { resetSigner } from '../../../functions/adapters/signer/xaman-signer';
import { checkHealth } from '../../../functions/core/health/check-health';
import { resetConfigForTests } from '../../../functions/lib/config';
import { startFakeRippled, type FakeRippled } from './fake-rippled';
import { restoreEnv } from '../lib/function-env';
import { setNetworkSettingsForTests } from '../../../functions/wiring/network-settings';
import { defaultNetworkSettings } from '../../../shared/api/admin-network';

const issuer = 'rLUEXYuLiQptky37CqLcm9USQpPiz5rkpD';
const SECRET = '0f6a2d9e-3c1b-4e5f-8a7b-9c0d1e2f3a4b';
const ENV = {
  TABLE_NAME: 't',
  MEDIA_BUCKET: 'b',
  MEDIA_BASE_URL: '/media',
  QUEUE_EVENTS_URL: 'http://127.0.0.1:1/q',
  WS_CALLBACK_URL: 'http://127.0.0.1:1/ws',
  XRPL_NETWORK: 'local',
  RLUSD_ISSUER: issuer,
  XAMAN_API_KEY: '6a1c9d36-2b55-4a3e-9a43-6f3c1f0e2b11',
  XAMAN_API_SECRET: SECRET,
  // Nothing listens on port 9: the signer probe must fail, quickly and without the secret in its reason.
  XAMAN_API_URL: 'http://127.0.0.1:9',
};
const saved = { ...process.env };
let node: FakeRippled | undefined;
let silent: Server | undefined;
let xaman: http.Server | undefined;

/** A Xaman platform API that answers ping for our key and secret only, as Xaman does. */
async function startFakeXaman(): Promise<string> {
  xaman = http.createServer((req, res) => {
    const ours = req.headers['x-api-key'] === ENV.XAMAN_API_KEY && req.headers['x-api-secret'] === SECRET;
    if (req.method === 'GET' && req.url === '/api/v1/platform/ping' && ours) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ pong: true, auth: { application: { uuidv4: ENV.XAMAN_API_KEY, name: 'test' } } }));
      return;
    }
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { reference: 'r', code: 813 } }));
  });
  await new Promise<void>((resolve) => xaman!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(xaman.address() as AddressInfo).port}`;
}

async function reset() {
  resetConfigForTests();
  resetSecrets();
  resetSigner();
  resetHealthProbes();
  await resetLedger();
}

/** The health of the ledger and the signer, and each failure's reason as the log gets it (the answer has none). */
async function check(timeoutMs: number) {
  const reasons: Record<string, string> = {};
  const health = await checkHealth(ledgerAndSigner(), {
    timeoutMs,
    onFailure: (name, error) => (reasons[name] = error instanceof Error ? error.message : String(error)),
  });
  return { health, reasons };
}

const ledgerAndSigner = () => healthProbes().filter((p) => p.name === 'ledger' || p.name === 'signer');

beforeEach(() => {
  Object.assign(process.env, ENV);
  // No table here: the ledger dials XRPL_URL alone, as before any save of the network settings (decision 072).
  setNetworkSettingsForTests({
    current: () => Promise.resolve({ ...defaultNetworkSettings(process.env.XRPL_URL!), connectionTimeoutSeconds: 5 }),
    forget: () => undefined,
  });
});

afterEach(async () => {
  await reset();
  setNetworkSettingsForTests(undefined);
  await node?.close();
  silent?.close();
  xaman?.closeAllConnections();
  xaman?.close();
  node = silent = xaman = undefined;
  restoreEnv(saved);
});

describe('health probes of the ledger and the signer', () => {
  it('are among the health probes, and report ok when the ledger and the signer answer as they should', async () => {
    node = await startFakeRippled({
      account_info: () => ({ account_data: { Account: issuer, Balance: '1', Flags: 0, OwnerCount: 0, Sequence: 1 } }),
    });
    process.env.XRPL_URL = node.url;
    process.env.XAMAN_API_URL = await startFakeXaman();
    await reset();
    const { health } = await check(2_000);
    expect(health.status).toBe('ok');
    expect(health.dependencies.map((d) => [d.name, d.status])).toEqual([
      ['ledger', 'ok'],
      ['signer', 'ok'],
    ]);
    // The ledger probe asked about the configured issuer on the validated ledger; a second health check within 30 s
    // reuses that answer (one set of probes per warm function).
    expect((await check(2_000)).health.status).toBe('ok');
    expect(node.commands('account_info')).toEqual([
      expect.objectContaining({ account: issuer, ledger_index: 'validated' }),
    ]);
  });

  it('report the signer failing (the reason only for the log, never the secret) when Xaman is down or refuses us', async () => {
    node = await startFakeRippled({
      account_info: () => ({ account_data: { Account: issuer, Balance: '1', Flags: 0, OwnerCount: 0, Sequence: 1 } }),
    });
    process.env.XRPL_URL = node.url;
    await reset();
    const { health: down, reasons: whyDown } = await check(2_000);
    expect(down.status).toBe('failing');
    expect(down.dependencies.map((d) => [d.name, d.status])).toEqual([
      ['ledger', 'ok'],
      ['signer', 'failing'],
    ]);
    expect(whyDown).toEqual({ signer: 'The wallet service could not be reached to check the connection' });

    process.env.XAMAN_API_URL = await startFakeXaman();
    process.env.XAMAN_API_SECRET = '1f6a2d9e-3c1b-4e5f-8a7b-9c0d1e2f3a4b';
    await reset();
    const { health: refused, reasons: whyRefused } = await check(2_000);
    expect(refused.dependencies[1]).toEqual({ name: 'signer', status: 'failing' });
    expect(whyRefused).toEqual({ signer: 'The wallet service refused our credentials (code 813)' });
    expect(JSON.stringify([down, refused, whyDown, whyRefused])).not.toContain(SECRET);
    expect(JSON.stringify([refused, whyRefused])).not.toContain(process.env.XAMAN_API_SECRET);
  });

  it('fail within the probe timeout when the ledger never answers, and name bad settings', async () => {
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    process.env.XRPL_URL = `ws://127.0.0.1:${(silent.address() as { port: number }).port}`;
    await reset();
    const started = Date.now();
    const { health, reasons } = await check(500);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(health.dependencies.find((d) => d.name === 'ledger')).toEqual({ name: 'ledger', status: 'failing' });
    expect(reasons.ledger).toBe('no answer within 500 ms');

    process.env.RLUSD_ISSUER = 'not-an-address';
    process.env.XAMAN_API_KEY = '';
    await reset();
    const misconfigured = await check(500);
    expect(misconfigured.health.status).toBe('failing');
    expect(misconfigured.reasons).toEqual({
      ledger: expect.stringContaining('RLUSD_ISSUER'),
      signer: expect.stringContaining('XAMAN_API_KEY'),
    });
  });
});
