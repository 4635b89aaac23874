import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntryView } from '../../shared/api/admin-audit';
import type { EscrowTestResult } from '../../shared/api/admin-tools';
import { call } from './auth-support';
import { withLedger } from './checkout-support';
import { signUp, type Account } from './route-support';
import { makeAdmin } from './table-support';

/** The admin escrow test against the XRPL node stand-in, through the local gateway (decision 070). */

const FROM = '127.0.9.70';
let admin: Account;
let platform: string;

const runTest = (a: Account, body: unknown = {}, idempotencyKey?: string) =>
  call<EscrowTestResult & { error?: { code: string } }>('POST', '/api/admin/tools/escrow-test', {
    token: a.token,
    from: a.from,
    body,
    ...(idempotencyKey && { idempotencyKey }),
  });

const rlusdOf = (address: string) =>
  withLedger(async (client) => {
    const { result } = await client.request({ command: 'account_lines', account: address, ledger_index: 'validated' });
    return result.lines.find((l) => l.account === inject('rlusdIssuer'))?.balance ?? '0';
  });

beforeAll(async () => {
  admin = await signUp(FROM, 'escadm');
  await makeAdmin(admin.userId);
  const settings = await call<{ platformWalletAddress: string }>('GET', '/api/admin/settings', {
    token: admin.token,
    from: FROM,
  });
  platform = settings.body.platformWalletAddress;
  // The faucet pays RLUSD to an account that trusts the issuer, as the platform's wallet does (it receives fees).
  const before = await rlusdOf(platform);
  const res = await fetch(`${inject('ledgerUrl').replace(/^ws/, 'http')}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination: platform }),
  });
  expect(res.status).toBe(200);
  const deadline = Date.now() + 10_000;
  while ((await rlusdOf(platform)) === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
}, 60_000);

describe('the escrow test', () => {
  it("locks a cent of the platform's RLUSD to itself and finishes it on the ledger; audited, never showing the fulfillment", async () => {
    expect((await runTest(admin, { orderId: '01JORDERORDERORDERORDERORD' })).status).toBe(400);

    const before = await rlusdOf(platform);
    const key = randomUUID();
    const run = await runTest(admin, {}, key);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ passed: true, account: platform, amountCents: 1, earlierReturned: 0 });
    const [, create, finish] = run.body.steps;
    for (const s of [create!, finish!]) {
      expect(s).toMatchObject({ status: 'ok', detail: null });
      expect(s.explorerUrl).toMatch(/^https?:\/\/.+\/transactions\/[0-9A-F]{64}$/);
      expect(s.ledgerIndex).toBeGreaterThan(0);
    }
    // A retry with the same key is the same test, not a second one.
    expect((await runTest(admin, {}, key)).body).toEqual(run.body);

    // On the ledger: an RLUSD escrow from the platform to itself, finished; its RLUSD back where it was.
    const [created, finished] = await withLedger((client) =>
      Promise.all(
        [create!.txid!, finish!.txid!].map(async (hash): Promise<Record<string, unknown>> => {
          const { result } = await client.request({ command: 'tx', transaction: hash });
          return { ...result.tx_json, validated: result.validated };
        }),
      ),
    );
    expect(created).toMatchObject({
      TransactionType: 'EscrowCreate',
      Account: platform,
      Destination: platform,
      Amount: { value: '0.01', issuer: inject('rlusdIssuer') },
      validated: true,
    });
    expect(finished).toMatchObject({ TransactionType: 'EscrowFinish', Owner: platform, validated: true });
    expect(await rlusdOf(platform)).toBe(before);

    // Audited once, and the fulfillment (public on the ledger now) is in neither the answer nor the log.
    const audit = await call<{ items: AuditEntryView[] }>('GET', '/api/admin/audit?action=tool.escrow_test', {
      token: admin.token,
      from: FROM,
    });
    expect(audit.body.items.filter((e) => e.subject === create!.txid)).toHaveLength(1);
    const fulfillment = String(finished!.Fulfillment);
    expect(fulfillment).toMatch(/^A0228020[0-9A-F]{64}$/);
    expect(JSON.stringify([run.body, audit.body])).not.toContain(fulfillment.slice(8));
  }, 60_000);
});
