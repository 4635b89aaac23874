import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, convertHexToString, decode, deriveAddress, hashes, verifySignature, Wallet } from 'xrpl';
import { XummSdk } from 'xumm-sdk';
import { verifySignedBlob, verifySignInBlob } from '../../functions/adapters/ledger/verify-signed-blob';
import { startLedgerNode } from '../../infra/local/ledger/node';
import { RLUSD_CURRENCY } from '../../infra/local/xaman/dev-wallets';
import { startXamanService, type XamanService } from '../../infra/local/xaman/service';
import { pageText, postForm } from './helpers';

const apiKey = randomUUID();
const apiSecret = randomUUID();
let dataDir: string;
let node: Awaited<ReturnType<typeof startLedgerNode>>;
let service: XamanService;
let client: Client;
let issuer: string;
let platform: string;
const sdk = () => {
  const s = new XummSdk(apiKey, apiSecret);
  s.setEndpoint(service.url);
  return s;
};

/** The dev wallets the page offers, in order, as the radio buttons carry them. */
async function offeredWallets(pageUrl: string): Promise<{ address: string; checked: boolean; disabled: boolean }[]> {
  const { html } = await pageText(pageUrl);
  return [...html.matchAll(/<input type="radio" name="wallet"[^>]*>/g)].map(([tag]) => ({
    address: /value="(r\w+)"/.exec(tag)![1]!,
    checked: tag.includes(' checked'),
    disabled: tag.includes(' disabled'),
  }));
}

async function rlusdBalance(address: string): Promise<number> {
  const balances = await client.getBalances(address);
  return Number(balances.find((b) => b.currency === RLUSD_CURRENCY && b.issuer === issuer)?.value ?? 0);
}

async function xrpBalance(address: string): Promise<number> {
  const balances = await client.getBalances(address);
  return Number(balances.find((b) => b.currency === 'XRP')?.value ?? 0);
}

async function startService() {
  service = await startXamanService({
    port: 0,
    dataDir,
    apiKey,
    apiSecret,
    ledgerUrl: node.url,
    faucetUrl: node.faucetUrl,
    rlusdIssuer: issuer,
    devWallets: 2,
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaman-ledger-'));
  node = await startLedgerNode({ port: 0, host: '127.0.0.1', dataDir, closeIntervalMs: 250 });
  issuer = node.genesis.issuer;
  platform = node.genesis.platform;
  await startService();
  client = new Client(node.url);
  await client.connect();
  // The platform receives RLUSD in one test, so it trusts the issuer, as the real platform wallet does.
  const trust = await client.submitAndWait(
    { TransactionType: 'TrustSet', Account: platform, LimitAmount: { currency: RLUSD_CURRENCY, issuer, value: '1e9' } },
    { wallet: Wallet.fromSeed(node.keys.platform.seed) },
  );
  expect((trust.result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS');
  await service.walletsReady;
});
afterAll(async () => {
  await client?.disconnect();
  await service?.stop();
  await node?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('Xaman stand-in signing against the local ledger', () => {
  it('funds its dev wallets with XRP and RLUSD on first start and offers them on the page', async () => {
    const health = (await (await fetch(`${service.url}/health`)).json()) as { devWallets: unknown };
    expect(health.devWallets).toEqual({ total: 2, funded: 2 });
    const created = await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }, true);
    const wallets = await offeredWallets(created!.next.always);
    expect(wallets).toHaveLength(2);
    expect(wallets[0]!.checked).toBe(true);
    for (const w of wallets) {
      expect(await xrpBalance(w.address)).toBeGreaterThan(10);
      expect(await rlusdBalance(w.address)).toBeGreaterThan(0);
    }
    const page = await pageText(created!.next.always);
    expect(page.text).toMatch(/Dev wallet 1 r\w+ · [\d.]+ XRP, [\d.]+ RLUSD/);
    // The seeds stay in the stand-in's file, never on the page.
    const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'xaman', 'dev-wallets.json'), 'utf8')) as {
      seed: string;
    }[];
    expect(stored).toHaveLength(2);
    for (const { seed } of stored) expect(page.html).not.toContain(seed);
    expect(fs.statSync(path.join(dataDir, 'xaman', 'dev-wallets.json')).mode & 0o077).toBe(0);
  });

  it('resolves createAndSubscribe signed when Approve is pressed on a SignIn, with a blob bound to the payload', async () => {
    const { created, resolved } = await sdk().payload.createAndSubscribe(
      { txjson: { TransactionType: 'SignIn' } },
      (event) => ('signed' in event.data ? event.data : undefined),
    );
    const [wallet] = await offeredWallets(created.next.always);
    const res = await postForm(created.next.always, 'approve', { wallet: wallet!.address });
    expect(res.status).toBe(303);
    const data = (await resolved) as { signed: boolean; txid: string; payload_uuidv4: string };
    expect(data).toMatchObject({ signed: true, payload_uuidv4: created.uuid });

    const got = (await sdk().payload.get(created.uuid, true))!;
    expect(got.meta).toMatchObject({ resolved: true, signed: true, cancelled: false });
    const hex = got.response.hex!;
    expect(got.response).toMatchObject({ account: wallet!.address, signer: wallet!.address, txid: data.txid });
    expect(hashes.hashSignedTx(hex)).toBe(data.txid);
    const tx = decode(hex) as Record<string, unknown> & { Memos: { Memo: Record<string, string> }[] };
    expect(verifySignature(hex)).toBe(true);
    expect(deriveAddress(String(tx.SigningPubKey))).toBe(wallet!.address);
    expect(tx).toMatchObject({ TransactionType: 'AccountSet', Account: wallet!.address, Sequence: 0, Fee: '0' });
    expect(convertHexToString(tx.Memos[0]!.Memo.MemoData!)).toBe(created.uuid);
    expect(verifySignInBlob(hex, created.uuid)).toMatchObject({ ok: true, account: wallet!.address });

    const page = await pageText(created.next.always);
    expect(page.text).toContain(`Signed with Dev wallet 1 (${wallet!.address})`);
    expect(page.html).not.toContain('>Approve<');
  });

  it('signs a Payment as requested, completed against the ledger, without submitting it', async () => {
    const [, second] = await offeredWallets(
      (await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }))!.next.always,
    );
    const request = {
      TransactionType: 'Payment' as const,
      Destination: platform,
      Amount: { currency: RLUSD_CURRENCY, issuer, value: '1.25' },
      Memos: [{ Memo: { MemoType: '6F72646572', MemoData: '30314A4F52444552' } }],
    };
    const created = (await sdk().payload.create({ txjson: request }, true))!;
    const page = await pageText(created.next.always);
    expect(page.text).toContain(`Amount 1.25 RLUSD (issued by ${issuer})`);
    expect(page.text).toContain(`To ${platform}`);
    expect(page.text).toContain('Memo 01JORDER (order)');

    const before = await client.request({ command: 'account_info', account: second!.address, ledger_index: 'current' });
    const current = await client.getLedgerIndex();
    const res = await postForm(created.next.always, 'approve', { wallet: second!.address });
    expect(res.status).toBe(303);
    const got = (await sdk().payload.get(created.uuid, true))!;
    const tx = decode(got.response.hex!) as Record<string, unknown>;
    expect(tx).toMatchObject({ ...request, Account: second!.address, Sequence: before.result.account_data.Sequence });
    expect(Number(tx.Fee)).toBeGreaterThanOrEqual(10);
    expect(Number(tx.LastLedgerSequence)).toBeGreaterThan(current);
    expect(verifySignedBlob(got.response.hex!, { ...request })).toMatchObject({ ok: true, account: second!.address });

    // Not submitted by the stand-in: the account's sequence has not moved and the ledger does not know the hash.
    await new Promise((r) => setTimeout(r, 600));
    const after = await client.request({ command: 'account_info', account: second!.address, ledger_index: 'current' });
    expect(after.result.account_data.Sequence).toBe(before.result.account_data.Sequence);
    // The backend's job: it submits the blob, and the ledger accepts it.
    const rlusdBefore = await rlusdBalance(platform).catch(() => 0);
    const submitted = await client.submitAndWait(got.response.hex!);
    expect((submitted.result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS');
    expect(submitted.result.hash).toBe(got.response.txid);
    expect(await rlusdBalance(platform).catch(() => 0)).toBeCloseTo(rlusdBefore + 1.25, 6);
  });

  it('creates, funds and selects a new wallet when asked', async () => {
    const created = (await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }, true))!;
    const res = await postForm(created.next.always, 'wallets');
    expect(res.status).toBe(303);
    const address = /wallet=(r\w+)/.exec(res.headers.get('location') ?? '')![1]!;
    expect(await xrpBalance(address)).toBeGreaterThan(10);
    expect(await rlusdBalance(address)).toBeGreaterThan(0);
    const page = await pageText(`${service.url}${res.headers.get('location')}`);
    expect(page.text).toContain(`New funded wallet ${address} is selected.`);
    const offered = await offeredWallets(`${service.url}${res.headers.get('location')}`);
    expect(offered.find((w) => w.checked)?.address).toBe(address);
  });

  it('only signs with the account a request names', async () => {
    const [first, second] = await offeredWallets(
      (await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }))!.next.always,
    );
    const named = (await sdk().payload.create({
      txjson: { TransactionType: 'Payment', Account: first!.address, Destination: platform, Amount: '1000' },
    }))!;
    const offered = await offeredWallets(named.next.always);
    expect(offered.filter((w) => !w.disabled).map((w) => w.address)).toEqual([first!.address]);
    expect((await postForm(named.next.always, 'approve', { wallet: second!.address })).status).toBe(422);
    expect((await sdk().payload.get(named.uuid))?.meta.resolved).toBe(false);

    const stranger = (await sdk().payload.create({
      txjson: { TransactionType: 'Payment', Account: issuer, Destination: platform, Amount: '1000' },
    }))!;
    const page = await pageText(stranger.next.always);
    expect(page.text).toContain(`must be signed by ${issuer}, which is not one of the local dev wallets`);
    expect(page.html).not.toContain('>Approve<');
    expect((await postForm(stranger.next.always, 'approve', { wallet: first!.address })).status).toBe(409);
  });

  it('keeps its dev wallets and payloads across a restart', async () => {
    const created = (await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }, true))!;
    const before = await offeredWallets(created.next.always);
    await service.stop();
    await startService();
    await service.walletsReady;
    const after = await offeredWallets(`${service.url}/sign/${created.uuid}`);
    expect(after.map((w) => w.address)).toEqual(before.map((w) => w.address));
    const res = await postForm(`${service.url}/sign/${created.uuid}`, 'approve', { wallet: after[0]!.address });
    expect(res.status).toBe(303);
    expect((await sdk().payload.get(created.uuid))?.response.account).toBe(after[0]!.address);
  });
});
