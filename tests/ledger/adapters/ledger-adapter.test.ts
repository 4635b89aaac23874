import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Wallet, type EscrowCreate, type Payment, type SubmittableTransaction } from 'xrpl';
import { LedgerConnection } from '../../../functions/adapters/ledger/connection';
import { XrplLedger } from '../../../functions/adapters/ledger/xrpl-ledger';
import { XamanSigner } from '../../../functions/adapters/signer/xaman-signer';
import { RLUSD_CURRENCY_HEX } from '../../../functions/lib/config';
import { centsToDecimalString, ledgerValueToCents } from '../../../shared/domain/money';
import { startLedgerNode } from '../../../infra/local/ledger/node';
import { startXamanService, type XamanService } from '../../../infra/local/xaman/service';

/**
 * The production ledger and signer adapters against the real stand-ins (XRPL node and Xaman), started on free ports
 * in a temp dir: what `npm start` runs, driven exactly as the functions drive it.
 */
const apiKey = randomUUID();
const apiSecret = randomUUID();
let dataDir: string;
let node: Awaited<ReturnType<typeof startLedgerNode>>;
let xaman: XamanService;
let client: Client;
let ledger: XrplLedger;
let signer: XamanSigner;
let issuer: string;

/** Asks the faucet to fund `address`, as the testnet faucet is asked; returns its answer. */
async function faucet(address: string): Promise<{ rlusd?: { amount: string } }> {
  const res = await fetch(node.faucetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination: address }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { rlusd?: { amount: string } };
}

/** A new wallet funded with XRP through the faucet, once the funding is validated. */
async function funded(): Promise<Wallet> {
  const wallet = Wallet.generate();
  await faucet(wallet.classicAddress);
  await until(async () => (await ledger.accountState(wallet.classicAddress)) !== null);
  return wallet;
}

/** A funded wallet with an RLUSD trust line (limit 1,000,000) that the faucet then sends RLUSD. */
async function holdingRlusd(): Promise<{ wallet: Wallet; rlusdSent: string }> {
  const wallet = await funded();
  const trust = await signed(wallet, {
    TransactionType: 'TrustSet',
    LimitAmount: { currency: RLUSD_CURRENCY_HEX, issuer, value: '1000000' },
  });
  expect(await ledger.submitAndWait(trust)).toMatchObject({ status: 'success' });
  const answer = await faucet(wallet.classicAddress);
  expect(answer.rlusd?.amount).toMatch(/^\d+(\.\d+)?$/);
  await until(async () => ((await ledger.rlusdLine(wallet.classicAddress))?.balanceCents ?? 0) > 0);
  return { wallet, rlusdSent: answer.rlusd!.amount };
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Prepared by the xrpl Client (autofill), signed by the wallet: what a signer would hand back. */
async function signed(wallet: Wallet, tx: Record<string, unknown>): Promise<string> {
  const prepared = await client.autofill({ Account: wallet.classicAddress, ...tx } as SubmittableTransaction);
  return wallet.sign(prepared).tx_blob;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-adapter-'));
  node = await startLedgerNode({ port: 0, host: '127.0.0.1', dataDir, closeIntervalMs: 250 });
  issuer = node.genesis.issuer;
  client = new Client(node.url);
  await client.connect();
  ledger = new XrplLedger(
    new LedgerConnection(node.url),
    { issuer, currency: RLUSD_CURRENCY_HEX },
    { submit: { pollMs: 100, timeoutMs: 15_000 } },
  );
  xaman = await startXamanService({
    port: 0,
    dataDir,
    apiKey,
    apiSecret,
    ledgerUrl: node.url,
    faucetUrl: node.faucetUrl,
    rlusdIssuer: issuer,
    devWallets: 1,
  });
  signer = new XamanSigner({ apiUrl: xaman.url, keys: async () => ({ apiKey, apiSecret }) });
});

afterAll(async () => {
  await ledger?.connection.close();
  await client?.disconnect();
  await xaman?.stop();
  await node?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('ledger adapter against the XRPL node stand-in', () => {
  it('is healthy, and reads the genesis issuer as allowing rippling and trust-line locking', async () => {
    await expect(ledger.checkHealth()).resolves.toBeUndefined();
    expect(await ledger.issuerFlags()).toMatchObject({ defaultRipple: true, allowTrustLineLocking: true });
  });

  it('reads the XRP and RLUSD balances of a faucet-funded wallet with a trust line', async () => {
    const fresh = await funded();
    const before = await ledger.balances(fresh.classicAddress);
    expect(before?.rlusd).toBeNull();
    expect(BigInt(before!.xrp.totalDrops)).toBeGreaterThan(0n);
    expect(before!.xrp.reserveDrops).toBe('1000000');

    const { wallet, rlusdSent } = await holdingRlusd();
    const after = await ledger.balances(wallet.classicAddress);
    expect(after!.rlusd).toEqual({
      balance: rlusdSent,
      balanceCents: ledgerValueToCents(rlusdSent, 'exact'),
      limit: '1000000',
      limitCents: 100_000_000,
      frozen: false,
    });
    // The real client reads the same line.
    const lines = await client.getBalances(wallet.classicAddress);
    expect(lines.find((l) => l.issuer === issuer)?.value).toBe(rlusdSent);
    // One owned object (the trust line) adds the owner reserve.
    expect(after!.xrp.reserveDrops).toBe('1200000');
    expect(BigInt(after!.xrp.spendableDrops)).toBe(BigInt(after!.xrp.totalDrops) - 1_200_000n);
  });

  it('submits and follows payments to their validated outcome', async () => {
    const alice = await funded();
    const bob = await funded();
    const pay = await signed(alice, { TransactionType: 'Payment', Destination: bob.classicAddress, Amount: '1500000' });
    const outcome = await ledger.submitAndWait(pay);
    expect(outcome).toMatchObject({ status: 'success', deliveredAmount: { xrp: '1500000' } });
    const tx = await client.request({ command: 'tx', transaction: outcome.txid });
    expect(tx.result.validated).toBe(true);

    // Too little XRP to create the destination account: a tec, in a ledger, fee charged.
    const nobody = Wallet.generate().classicAddress;
    const small = await signed(alice, { TransactionType: 'Payment', Destination: nobody, Amount: '10' });
    expect(await ledger.submitAndWait(small)).toMatchObject({ status: 'failed', code: 'tecNO_DST_INSUF_XRP' });

    // A resubmission of the validated payment reports its real result.
    expect(await ledger.submitAndWait(pay)).toMatchObject({ status: 'success', txid: outcome.txid });

    // LastLedgerSequence already behind the validated ledger: never applied.
    const late = await client.autofill<Payment>({
      TransactionType: 'Payment',
      Account: alice.classicAddress,
      Destination: bob.classicAddress,
      Amount: '1000',
    });
    late.LastLedgerSequence = (await client.getLedgerIndex()) - 1;
    expect(await ledger.submitAndWait(alice.sign(late).tx_blob)).toMatchObject({
      status: 'rejected',
      code: 'tefMAX_LEDGER',
    });
  });

  it('finds an escrow by owner and sequence, with its times in ISO', async () => {
    const alice = await funded();
    const bob = await funded();
    const closeTime = (await client.request({ command: 'ledger', ledger_index: 'validated' })).result.ledger
      .close_time as number;
    const create = await client.autofill<EscrowCreate>({
      TransactionType: 'EscrowCreate',
      Account: alice.classicAddress,
      Destination: bob.classicAddress,
      Amount: '2000000',
      CancelAfter: closeTime + 3600,
      FinishAfter: closeTime + 60,
    });
    expect(await ledger.submitAndWait(alice.sign(create).tx_blob)).toMatchObject({ status: 'success' });
    const escrow = await ledger.escrow(alice.classicAddress, create.Sequence!);
    expect(escrow).toMatchObject({
      owner: alice.classicAddress,
      sequence: create.Sequence,
      destination: bob.classicAddress,
      amount: { xrp: '2000000' },
      condition: null,
    });
    expect(Date.parse(escrow!.cancelAfter!) - Date.parse(escrow!.finishAfter!)).toBe(3_540_000);
    expect(await ledger.escrow(alice.classicAddress, create.Sequence! + 1000)).toBeNull();
  });

  it('checks token escrow is possible, then verifies, submits and finds an RLUSD escrow with a condition', async () => {
    expect(await ledger.amendmentEnabled('TokenEscrow')).toBe(true);
    expect(await ledger.amendmentEnabled('NoSuchAmendment')).toBe(false);
    expect((await ledger.issuerFlags()).allowTrustLineLocking).toBe(true);

    const { wallet: buyer } = await holdingRlusd();
    const { wallet: seller } = await holdingRlusd();
    const sellerLine = await ledger.rlusdLine(seller.classicAddress);
    expect(sellerLine).not.toBeNull();
    const buyerBefore = (await ledger.rlusdLine(buyer.classicAddress))!.balanceCents;

    const preimage = randomBytes(32);
    const condition = `A0258020${createHash('sha256').update(preimage).digest('hex').toUpperCase()}810120`;
    const closeTime = (await client.request({ command: 'ledger', ledger_index: 'validated' })).result.ledger
      .close_time as number;
    const priceCents = 2550;
    const asked = {
      TransactionType: 'EscrowCreate',
      Account: buyer.classicAddress,
      Destination: seller.classicAddress,
      Amount: { currency: RLUSD_CURRENCY_HEX, issuer, value: centsToDecimalString(priceCents) },
      Condition: condition,
      CancelAfter: closeTime + 3600,
    };
    const blob = await signed(buyer, asked);
    const verdict = await ledger.verifySignedBlob(blob, asked);
    expect(verdict).toMatchObject({ ok: true, account: buyer.classicAddress });
    expect(await ledger.verifySignedBlob(blob, { ...asked, Destination: buyer.classicAddress })).toMatchObject({
      ok: false,
    });

    const outcome = await ledger.submitAndWait(blob);
    expect(outcome).toMatchObject({ status: 'success', txid: verdict.ok ? verdict.txid : '' });
    const sequence = verdict.ok ? (verdict.tx.Sequence as number) : -1;
    const escrow = await ledger.escrow(buyer.classicAddress, sequence);
    expect(escrow).toMatchObject({
      owner: buyer.classicAddress,
      destination: seller.classicAddress,
      condition,
      finishAfter: null,
    });
    expect(escrow!.amount).toMatchObject({ currency: RLUSD_CURRENCY_HEX, issuer });
    expect(ledgerValueToCents((escrow!.amount as { value: string }).value, 'exact')).toBe(priceCents);
    // The tokens are locked: they left the buyer's spendable balance.
    expect((await ledger.rlusdLine(buyer.classicAddress))!.balanceCents).toBe(buyerBefore - priceCents);
  });
});

describe('signer adapter against the Xaman stand-in, verified by the ledger adapter', () => {
  it('passes its health check with our key and secret', async () => {
    await expect(signer.checkHealth()).resolves.toBeUndefined();
    const wrong = new XamanSigner({ apiUrl: xaman.url, keys: async () => ({ apiKey, apiSecret: randomUUID() }) });
    await expect(wrong.checkHealth()).rejects.toMatchObject({ code: 'signer_auth' });
  });

  it('creates, reads and cancels a request', async () => {
    const created = await signer.create({
      txjson: { TransactionType: 'SignIn' },
      options: { expireMinutes: 5 },
      customMeta: { identifier: `t-${Date.now()}`, instruction: 'Sign in to the marketplace' },
    });
    expect(created.signUrl).toBe(`${xaman.url}/sign/${created.uuid}`);
    expect(await signer.get(created.uuid)).toMatchObject({
      uuid: created.uuid,
      status: 'pending',
      txType: 'SignIn',
      opened: false,
      response: null,
      customMeta: { instruction: 'Sign in to the marketplace' },
    });
    expect(await signer.cancel(created.uuid)).toEqual({ cancelled: true, reason: 'ok' });
    expect(await signer.get(created.uuid)).toMatchObject({ status: 'cancelled' });
    expect(await signer.get(randomUUID())).toBeNull();
  });

  it('reads a sign-in approved on the sign page and verifies its blob; a payment blob too, then submits it', async () => {
    await xaman.walletsReady;
    const signIn = await signer.create({ txjson: { TransactionType: 'SignIn' } });
    const page = await (await fetch(signIn.signUrl)).text();
    const wallet = /name="wallet"[^>]*value="(r\w+)"/.exec(page)?.[1];
    expect(wallet).toBeDefined();
    const approve = (url: string) =>
      fetch(`${url}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ wallet: wallet! }).toString(),
        redirect: 'manual',
      });
    expect((await approve(signIn.signUrl)).status).toBe(303);
    const state = await signer.get(signIn.uuid);
    expect(state).toMatchObject({ status: 'signed', response: { account: wallet } });
    expect(await ledger.verifySignInBlob(state!.response!.hex, signIn.uuid)).toMatchObject({
      ok: true,
      account: wallet,
    });
    expect(await ledger.verifySignInBlob(state!.response!.hex, randomUUID())).toMatchObject({ ok: false });

    const bob = await funded();
    const asked = { TransactionType: 'Payment', Account: wallet!, Destination: bob.classicAddress, Amount: '1000000' };
    const payment = await signer.create({ txjson: asked });
    expect((await approve(payment.signUrl)).status).toBe(303);
    const paid = await signer.get(payment.uuid);
    const blob = paid!.response!.hex;
    expect(await ledger.verifySignedBlob(blob, asked)).toMatchObject({ ok: true, account: wallet });
    expect(await ledger.verifySignedBlob(blob, { ...asked, Amount: '1000001' })).toMatchObject({ ok: false });
    expect(await ledger.submitAndWait(blob)).toMatchObject({ status: 'success', txid: paid!.response!.txid });
  });
});
