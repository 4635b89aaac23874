import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XummSdk } from 'xumm-sdk';
import { startLedgerNode, type LedgerNode } from '../../infra/local/ledger/node';
import { startXamanService, type XamanService } from '../../infra/local/xaman/service';

/**
 * The stand-ins' test clocks and the Xaman sign page's forms take nothing another site's page can send (decision
 * 077): a foreign Origin is 403, a body not sent as JSON 415; their own callers (tests, the page itself) still work.
 */
let dataDir: string;
let ledger: LedgerNode;
let xaman: XamanService;
const apiKey = randomUUID();
const apiSecret = randomUUID();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'control-paths-'));
  ledger = await startLedgerNode({ port: 0, dataDir, closeIntervalMs: 0, testClock: true });
  // No dev wallets: the ledger is never dialled by the API or the page's reject form.
  xaman = await startXamanService({
    port: 0,
    dataDir,
    apiKey,
    apiSecret,
    ledgerUrl: ledger.url,
    faucetUrl: ledger.faucetUrl,
    rlusdIssuer: ledger.genesis.issuer,
    devWallets: 0,
    testClock: true,
  });
});

afterAll(async () => {
  await xaman?.stop();
  await ledger?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, headers: Record<string, string>, body: string) =>
  fetch(url, { method: 'POST', headers, body, redirect: 'manual' });
const JSON_TYPE = { 'content-type': 'application/json' };

describe('test clocks of the ledger and Xaman stand-ins', () => {
  it('refuse a foreign Origin and a body that is not JSON, and take JSON from a plain client', async () => {
    const ledgerClock = `${ledger.url.replace(/^ws/, 'http')}/_test/clock`;
    for (const url of [ledgerClock, `${xaman.url}/_test/clock`]) {
      const body = '{"advanceSeconds":60}';
      expect((await post(url, { ...JSON_TYPE, origin: 'https://evil.example' }, body)).status, url).toBe(403);
      expect((await post(url, { 'content-type': 'text/plain' }, body)).status, url).toBe(415);
      expect((await post(url, { 'content-type': 'application/x-www-form-urlencoded' }, body)).status, url).toBe(415);
      expect((await post(url, JSON_TYPE, body)).status, url).toBe(200);
    }
  });
});

describe('the Xaman sign page', () => {
  it('takes its own forms only: another site, or a same-site page without an Origin, is refused', async () => {
    const sdk = new XummSdk(apiKey, apiSecret);
    sdk.setEndpoint(xaman.url);
    const created = await sdk.payload.create({ txjson: { TransactionType: 'SignIn' } }, true);
    const reject = `${created!.next.always}/reject`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // A page of the app on another port is another origin (same site): it cannot resolve the payload either.
    for (const headers of [
      { ...form, origin: 'http://localhost:1' },
      { ...form, origin: `http://evil.example:${xaman.port}` },
      { ...form, 'sec-fetch-site': 'same-site' },
    ]) {
      expect((await post(reject, headers, '')).status).toBe(403);
    }
    expect((await sdk.payload.get(created!.uuid))?.meta.resolved).toBe(false);
    const own = await post(reject, { ...form, origin: new URL(xaman.url).origin }, '');
    expect(own.status).toBe(303);
    expect((await sdk.payload.get(created!.uuid))?.meta.resolved).toBe(true);
  });
});
