import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { startLedgerNode, type LedgerNode } from '../../infra/local/ledger/node';

let dataDir: string;
let node: LedgerNode;
let base: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-explorer-'));
  node = await startLedgerNode({ port: 0, dataDir, closeIntervalMs: 0 });
  base = node.faucetUrl.replace('/accounts', '/explorer');
});

afterAll(async () => {
  await node?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('local explorer', () => {
  it('shows an account with its XRP, trust lines and transactions, and each transaction', async () => {
    const wallet = Wallet.generate();
    const funded = (await (
      await fetch(node.faucetUrl, { method: 'POST', body: JSON.stringify({ destination: wallet.address }) })
    ).json()) as { transactionHash: string };
    node.closeLedger();

    const account = await fetch(`${base}/accounts/${wallet.address}`);
    expect(account.status).toBe(200);
    const html = await account.text();
    expect(html).toContain('1000.000000 XRP');
    expect(html).toContain(funded.transactionHash.slice(0, 16));

    const tx = await fetch(`${base}/transactions/${funded.transactionHash}`);
    expect(tx.status).toBe(200);
    expect(await tx.text()).toContain('tesSUCCESS');
  });

  it('answers 404 for an unknown account and escapes what it echoes', async () => {
    const res = await fetch(`${base}/accounts/${Wallet.generate().address}`);
    expect(res.status).toBe(404);
    const odd = await fetch(`${base}/accounts/<script>`);
    expect(odd.status).toBe(404);
    expect(await odd.text()).not.toContain('<script>');
  });
});
