import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, Wallet, hashes, type SubmittableTransaction } from 'xrpl';
import { LedgerConnection } from '../../../functions/adapters/ledger/connection';
import { XrplLedger } from '../../../functions/adapters/ledger/xrpl-ledger';
import { escrowCreateTx, preimageCondition } from '../../../functions/core/orders/escrow-create';
import { systemClock } from '../../../functions/core/clock/clock';
import type { OrderRecord } from '../../../functions/core/orders/order';
import type { OrderRepository } from '../../../functions/core/orders/order-store';
import { anOrder } from '../../fixtures/order-record';
import { settleEscrowSigning, type SettleDeps } from '../../../functions/core/orders/settle-escrow';
import { RLUSD_CURRENCY_HEX } from '../../../functions/lib/config';
import { startLedgerNode } from '../../../infra/local/ledger/node';

/**
 * The settle step with the production ledger adapter against the XRPL node stand-in: a signed EscrowCreate that differs
 * from the order's in any term (amount, destination, condition, CancelAfter, memo) is refused and never submitted; the
 * exact one is submitted and funds the order, and the escrow on the ledger holds those terms.
 */
let dataDir: string;
let node: Awaited<ReturnType<typeof startLedgerNode>>;
let client: Client;
let ledger: XrplLedger;
let buyer: Wallet;
let seller: Wallet;
const rlusd = () => ({ currency: RLUSD_CURRENCY_HEX, issuer: node.genesis.issuer });

async function faucet(address: string) {
  const res = await fetch(node.faucetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination: address }),
  });
  expect(res.status).toBe(200);
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function sign(wallet: Wallet, tx: Record<string, unknown>): Promise<string> {
  return wallet.sign(await client.autofill(tx as unknown as SubmittableTransaction)).tx_blob;
}

/** A wallet with XRP, an RLUSD line and RLUSD from the faucet. */
async function holder(): Promise<Wallet> {
  const wallet = Wallet.generate();
  await faucet(wallet.classicAddress);
  await until(async () => (await ledger.accountState(wallet.classicAddress)) !== null);
  const trust = await sign(wallet, {
    TransactionType: 'TrustSet',
    Account: wallet.classicAddress,
    LimitAmount: { ...rlusd(), value: '1000000' },
  });
  expect(await ledger.submitAndWait(trust)).toMatchObject({ status: 'success' });
  await faucet(wallet.classicAddress);
  await until(async () => ((await ledger.rlusdLine(wallet.classicAddress))?.balanceCents ?? 0) > 0);
  return wallet;
}

function order(): OrderRecord {
  const { condition } = preimageCondition(randomBytes(32));
  const now = Date.now();
  return anOrder({
    orderId: `01JORDER${randomBytes(9).toString('hex').toUpperCase()}`.slice(0, 26),
    lines: [{ listingId: 'L', title: 'Lamp', imageKey: null, quantity: 1, unitPriceCents: 1_234, shippingCents: 0 }],
    itemsCents: 1_234,
    totalCents: 1_234,
    escrow: {
      buyerAddress: buyer.classicAddress,
      sellerAddress: seller.classicAddress,
      condition,
      sealedFulfillment: 'aes.x',
      cancelAfter: new Date(Math.floor(now / 1000) * 1000 + 3_600_000).toISOString(),
    },
    signing: { uuid: 'U', signUrl: 'http://sign', qrPngUrl: 'http://qr', expiresAt: '' },
    reservationExpiresAt: new Date(now + 600_000).toISOString(),
  });
}

/** One order in memory with the store's conditional transitions. */
function repoOf(o: OrderRecord): { repo: OrderRepository; current: () => OrderRecord } {
  let cur = structuredClone(o);
  const move = (from: OrderRecord['status'][], patch: Partial<OrderRecord>) => {
    if (!from.includes(cur.status)) return false;
    cur = { ...cur, ...patch };
    return true;
  };
  const repo = {
    get: async () => structuredClone(cur),
    startSubmitting: async (_id: string, escrowCreate: NonNullable<OrderRecord['escrowCreate']>) =>
      move(['awaiting_signature'], { status: 'submitting', escrowCreate }),
    markFunded: async (_o: OrderRecord, ledgerIndex: number) =>
      move(['submitting'], { status: 'funded', escrowCreate: { ...cur.escrowCreate!, ledgerIndex } }),
    cancel: async (_o: OrderRecord, reason: OrderRecord['cancelReason']) =>
      move(['awaiting_signature', 'submitting'], { status: 'cancelled', cancelReason: reason }),
  } as unknown as OrderRepository;
  return { repo, current: () => cur };
}

async function settleWith(o: OrderRecord, blob: string) {
  const { repo, current } = repoOf(o);
  const submit = vi.spyOn(ledger, 'submitAndWait');
  submit.mockClear();
  const deps: SettleDeps = {
    orders: repo,
    soldOut: { markSoldOut: async () => {} },
    carts: { remove: async () => {} },
    signer: {
      get: async () => ({
        uuid: 'U',
        status: 'signed',
        txType: 'EscrowCreate',
        opened: true,
        expiresAt: '',
        response: { hex: blob, txid: null, account: buyer.classicAddress, signerPubkey: null },
        customMeta: { identifier: null, instruction: null, blob: null },
      }),
    },
    ledger,
    rlusd: rlusd(),
    events: { changed: async () => {} },
    log: { warn: () => {} },
    clock: systemClock,
  };
  await settleEscrowSigning({ uuid: 'U', purpose: 'escrow-create', subjectId: o.orderId, status: 'signed' }, deps);
  return { order: current(), submitted: submit.mock.calls.length };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escrow-blob-'));
  node = await startLedgerNode({ port: 0, host: '127.0.0.1', dataDir, closeIntervalMs: 250 });
  client = new Client(node.url);
  await client.connect();
  ledger = new XrplLedger(new LedgerConnection(node.url), rlusd(), { submit: { pollMs: 100, timeoutMs: 15_000 } });
  [buyer, seller] = await Promise.all([holder(), holder()]);
}, 60_000);

afterAll(async () => {
  await ledger?.connection.close();
  await client?.disconnect();
  await node?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a signed EscrowCreate is checked against its order before it is submitted', () => {
  const changes: [string, (tx: Record<string, unknown>) => Record<string, unknown>][] = [
    ['amount', (tx) => ({ ...tx, Amount: { ...(tx.Amount as object), value: '1.23' } })],
    [
      'destination',
      (tx) => ({
        ...tx,
        Destination: buyer.classicAddress === tx.Destination ? seller.classicAddress : Wallet.generate().classicAddress,
      }),
    ],
    ['condition', (tx) => ({ ...tx, Condition: preimageCondition(randomBytes(32)).condition })],
    ['CancelAfter', (tx) => ({ ...tx, CancelAfter: (tx.CancelAfter as number) + 3_600 })],
    ['memo', (tx) => ({ ...tx, Memos: [{ Memo: { MemoType: '6F72646572', MemoData: '4F54484552' } }] })],
    ['an added FinishAfter', (tx) => ({ ...tx, FinishAfter: (tx.CancelAfter as number) - 60 })],
  ];

  it.each(changes)('refuses a changed %s and never submits it', async (_, change) => {
    const o = order();
    const blob = await sign(buyer, change(escrowCreateTx(o, rlusd())));
    const { order: after, submitted } = await settleWith(o, blob);
    expect(submitted).toBe(0);
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'blob_refused', escrowCreate: null });
    const txid = hashes.hashSignedTx(blob);
    await expect(client.request({ command: 'tx', transaction: txid })).rejects.toThrow(/Transaction not found/);
  });

  it("submits the exact one, and the escrow on the ledger holds the order's terms", async () => {
    const o = order();
    const blob = await sign(buyer, escrowCreateTx(o, rlusd()));
    const { order: after, submitted } = await settleWith(o, blob);
    expect(submitted).toBe(1);
    expect(after.status).toBe('funded');
    const escrow = await ledger.escrow(buyer.classicAddress, after.escrowCreate!.sequence);
    expect(escrow).toMatchObject({
      destination: seller.classicAddress,
      amount: { ...rlusd(), value: '12.34' },
      condition: o.escrow.condition,
      cancelAfter: o.escrow.cancelAfter,
    });
  });
});
