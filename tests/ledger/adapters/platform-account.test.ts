import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Wallet, type SubmittableTransaction } from 'xrpl';
import { LedgerConnection } from '../../../functions/adapters/ledger/connection';
import { readSelfEscrows } from '../../../functions/adapters/ledger/escrows';
import { platformAccount } from '../../../functions/adapters/ledger/platform-account';
import { XrplLedger } from '../../../functions/adapters/ledger/xrpl-ledger';
import { resetSecrets } from '../../../functions/adapters/secrets';
import { ESCROW_TEST_MEMO_TYPE } from '../../../functions/core/admin-tools/run-escrow-test';
import { preimageCondition, rippleTime, rlusdEscrowCreateTx } from '../../../functions/core/orders/escrow-create';
import { RLUSD_CURRENCY_HEX, resetConfigForTests } from '../../../functions/lib/config';
import { startLedgerNode } from '../../../infra/local/ledger/node';
import { ensurePlatformTrustLine } from '../../../infra/local/ledger/platform-line';

/**
 * The platform's own account finishing an RLUSD escrow it did not create (anyone may submit EscrowFinish), with the fee
 * rippled asks for a fulfillment, on the XRPL node stand-in; its RLUSD trust line made as the local stack makes it.
 */
let dataDir: string;
let node: Awaited<ReturnType<typeof startLedgerNode>>;
let client: Client;
let ledger: XrplLedger;
const saved = { ...process.env };

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

async function holder(): Promise<Wallet> {
  const wallet = Wallet.generate();
  await faucet(wallet.classicAddress);
  await until(async () => (await ledger.accountState(wallet.classicAddress)) !== null);
  const trust = await client.autofill({
    TransactionType: 'TrustSet',
    Account: wallet.classicAddress,
    LimitAmount: { currency: RLUSD_CURRENCY_HEX, issuer: node.genesis.issuer, value: '1000000' },
  } as SubmittableTransaction);
  expect(await ledger.submitAndWait(wallet.sign(trust).tx_blob)).toMatchObject({ status: 'success' });
  await faucet(wallet.classicAddress);
  await until(async () => ((await ledger.rlusdLine(wallet.classicAddress))?.balanceCents ?? 0) > 0);
  return wallet;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-account-'));
  node = await startLedgerNode({ port: 0, host: '127.0.0.1', dataDir, closeIntervalMs: 250 });
  process.env.PLATFORM_WALLET_ADDRESS = node.keys.platform.address;
  process.env.PLATFORM_WALLET_SEED = node.keys.platform.seed;
  resetConfigForTests();
  resetSecrets();
  client = new Client(node.url);
  await client.connect();
  ledger = new XrplLedger(
    new LedgerConnection(node.url),
    { issuer: node.genesis.issuer, currency: RLUSD_CURRENCY_HEX },
    {
      submit: { pollMs: 100, timeoutMs: 15_000 },
    },
  );
}, 30_000);

afterAll(async () => {
  process.env = saved;
  resetConfigForTests();
  resetSecrets();
  await ledger?.connection.close();
  await client?.disconnect();
  await node?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the platform account', () => {
  it('gets its RLUSD trust line once (fees are paid to it in RLUSD)', async () => {
    await ensurePlatformTrustLine(node.url, node.keys.platform.seed, node.genesis.issuer);
    await ensurePlatformTrustLine(node.url, node.keys.platform.seed, node.genesis.issuer);
    const lines = await client.request({ command: 'account_lines', account: node.keys.platform.address });
    expect(lines.result.lines.filter((l) => l.currency === RLUSD_CURRENCY_HEX)).toHaveLength(1);
  });

  it("finishes a buyer's escrow with the fulfillment, paying the fee a fulfillment needs; two preparations take two sequences", async () => {
    const [buyer, seller] = await Promise.all([holder(), holder()]);
    const { condition, fulfillment } = preimageCondition(randomBytes(32));
    const create = await client.autofill({
      TransactionType: 'EscrowCreate',
      Account: buyer.classicAddress,
      Destination: seller.classicAddress,
      Amount: { currency: RLUSD_CURRENCY_HEX, issuer: node.genesis.issuer, value: '12.5' },
      Condition: condition,
      CancelAfter: rippleTime(new Date(Date.now() + 3_600_000).toISOString()),
    } as SubmittableTransaction);
    expect(await ledger.submitAndWait(buyer.sign(create).tx_blob)).toMatchObject({ status: 'success' });

    const platform = platformAccount(ledger.connection);
    const finish = {
      TransactionType: 'EscrowFinish',
      Owner: buyer.classicAddress,
      OfferSequence: create.Sequence!,
      Condition: condition,
      Fulfillment: fulfillment,
    };
    const [first, second] = await Promise.all([platform.prepare(finish), platform.prepare({ ...finish, Memos: [] })]);
    expect(second.sequence).toBe(first.sequence + 1);
    expect(first.txid).toMatch(/^[0-9A-F]{64}$/);
    expect(await ledger.submitAndWait(first.blob)).toMatchObject({ status: 'success' });
    expect(await ledger.escrow(buyer.classicAddress, create.Sequence!)).toBeNull();
    // The faucet's 1,000 RLUSD and the 12.5 released.
    expect((await ledger.rlusdLine(seller.classicAddress))!.balance).toBe('1012.5');
  }, 30_000);

  it("locks RLUSD in an escrow to itself, which is read back with the sequence that names it (the admin escrow test's, decision 070)", async () => {
    const address = node.keys.platform.address;
    await ensurePlatformTrustLine(node.url, node.keys.platform.seed, node.genesis.issuer);
    await faucet(address);
    await until(async () => ((await ledger.rlusdLine(address))?.balanceCents ?? 0) > 0);
    const cancelAfter = new Date(Math.ceil(Date.now() / 1000) * 1000 + 600_000).toISOString();
    const platform = platformAccount(ledger.connection);
    const create = await platform.prepare(
      rlusdEscrowCreateTx(
        {
          account: address,
          destination: address,
          cents: 1,
          condition: preimageCondition(randomBytes(32)).condition,
          cancelAfter,
          memo: { type: ESCROW_TEST_MEMO_TYPE, data: '00' },
        },
        { issuer: node.genesis.issuer, currency: RLUSD_CURRENCY_HEX },
      ),
    );
    expect(await ledger.submitAndWait(create.blob)).toMatchObject({ status: 'success' });
    expect(await readSelfEscrows(ledger.connection, address, 10)).toEqual([{ sequence: create.sequence, cancelAfter }]);
  }, 30_000);
});
