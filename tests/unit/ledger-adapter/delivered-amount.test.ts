import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashes, Wallet } from 'xrpl';
import { API_VERSION, LedgerConnection } from '../../../functions/adapters/ledger/connection';
import { submitAndWait } from '../../../functions/adapters/ledger/submit';
import { startFakeRippled, type FakeRippled } from './fake-rippled';

/**
 * Conformance with rippled (decision 007): the adapters read a validated Payment's outcome from meta.delivered_amount,
 * in rippled's API v2 shape (tx_json with DeliverMax, no Amount) and in the v1 shape (fields at the top, Amount beside
 * DeliverMax), and never from Amount / DeliverMax, which a partial payment does not deliver in full (xrpl.org, partial
 * payments).
 */
const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const bob = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const blob = alice.sign({
  TransactionType: 'Payment',
  Account: alice.classicAddress,
  Destination: bob.classicAddress,
  Amount: '1000000',
  Flags: 0x00020000,
  Fee: '12',
  Sequence: 3,
  LastLedgerSequence: 50,
}).tx_blob;
const txid = hashes.hashSignedTx(blob);
const fast = { pollMs: 10, timeoutMs: 2_000 };
const issued = (value: string) => ({ currency: 'USD', issuer: alice.classicAddress, value });

let node: FakeRippled;
let connection: LedgerConnection;
let txAnswer: Record<string, unknown>;

/** rippled's tx answer, API v2 (Tx.cpp populateJsonResponse): the transaction under tx_json, DeliverMax only. */
const v2 = (max: unknown, delivered: unknown) => ({
  tx_json: { TransactionType: 'Payment', Account: alice.classicAddress, DeliverMax: max, ledger_index: 45 },
  hash: txid,
  ledger_index: 45,
  validated: true,
  meta: {
    TransactionResult: 'tesSUCCESS',
    TransactionIndex: 0,
    DeliveredAmount: delivered,
    delivered_amount: delivered,
  },
});

/** API v1: the fields at the top of result, Amount kept beside DeliverMax. */
const v1 = (max: unknown, delivered: unknown) => ({
  TransactionType: 'Payment',
  Account: alice.classicAddress,
  Amount: max,
  DeliverMax: max,
  hash: txid,
  inLedger: 45,
  ledger_index: 45,
  validated: true,
  meta: {
    TransactionResult: 'tesSUCCESS',
    TransactionIndex: 0,
    DeliveredAmount: delivered,
    delivered_amount: delivered,
  },
});

beforeEach(async () => {
  node = await startFakeRippled({
    submit: () => ({ engine_result: 'tesSUCCESS', engine_result_message: 'ok', tx_blob: blob }),
    tx: () => txAnswer,
    ledger: () => ({ ledger_index: 40, validated: true }),
  });
  connection = new LedgerConnection(node.url);
});

afterEach(async () => {
  await connection.close();
  await node.close();
});

describe('delivered amount of a validated partial payment', () => {
  it.each([
    ['API v2, XRP', v2('1000000', '400000'), { xrp: '400000' }],
    ['API v1, XRP', v1('1000000', '400000'), { xrp: '400000' }],
    ['API v2, token', v2(issued('10'), issued('2.5')), issued('2.5')],
    ['API v1, token', v1(issued('10'), issued('2.5')), issued('2.5')],
  ])('%s: meta.delivered_amount, not the maximum', async (_name, answer, delivered) => {
    txAnswer = answer;
    expect(await submitAndWait(connection, blob, fast)).toEqual({
      status: 'success',
      txid,
      ledgerIndex: 45,
      deliveredAmount: delivered,
    });
  });

  it("'unavailable' (ledgers before delivered_amount existed) is no amount, never the maximum", async () => {
    txAnswer = v1('1000000', 'unavailable');
    expect(await submitAndWait(connection, blob, fast)).toMatchObject({ status: 'success', deliveredAmount: null });
  });

  it('asks rippled for API version 2 explicitly on every request', async () => {
    txAnswer = v2('1000000', '1000000');
    await submitAndWait(connection, blob, fast);
    expect(API_VERSION).toBe(2);
    for (const command of ['submit', 'tx']) {
      expect(node.commands(command).every((request) => request.api_version === 2)).toBe(true);
    }
  });
});

describe('the ledger adapters in source', () => {
  it("never read a transaction's Amount or DeliverMax (the only Amount read is an Escrow ledger entry's)", () => {
    const dir = path.resolve(import.meta.dirname, '../../../functions/adapters/ledger');
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      // Code only: comments may explain why these fields are not read.
      const source = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect([file, /DeliverMax/.test(source)]).toEqual([file, false]);
      // escrows.ts reads which escrow a finish or cancel named (Owner, OfferSequence) and which one a create made (its
      // Sequence, decision 070), never its amounts.
      const txJsonReads = source.match(/tx_json\??\.\w+/g) ?? [];
      expect([file, txJsonReads.filter((r) => !/\.(TransactionType|Owner|OfferSequence|Sequence)$/.test(r))]).toEqual([
        file,
        [],
      ]);
      expect([file, txJsonReads.length > 0]).toEqual([file, file === 'escrows.ts']);
      const amountReads = source.match(/\.Amount\b|\['Amount'\]/g) ?? [];
      expect([file, amountReads.length]).toEqual([file, file === 'escrows.ts' ? 1 : 0]);
    }
  });
});
