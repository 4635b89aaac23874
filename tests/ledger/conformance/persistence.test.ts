import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Wallet } from 'xrpl';
import { RLUSD, TestLedger, ledgerTime, preimagePair } from './helpers';

let t: TestLedger | undefined;

afterAll(async () => {
  await t?.stop();
});

describe('persistence across a stop and restart with the same data dir', () => {
  it('keeps balances, sequences, trust lines, escrows, transactions, genesis keys and the ledger index', async () => {
    t = await TestLedger.start('persistence');
    const first = t;
    const [alice, bob] = (await first.funded(2)) as [Wallet, Wallet];
    await first.holdRlusd(alice, '75');
    await first.holdRlusd(bob, '1');
    const paid = await first.apply(alice, {
      TransactionType: 'Payment',
      Destination: bob.classicAddress,
      Amount: '3333',
    });
    const { condition, fulfillment } = preimagePair();
    const created = await first.apply(alice, {
      TransactionType: 'EscrowCreate',
      Destination: bob.classicAddress,
      Amount: { currency: RLUSD, issuer: first.issuer.classicAddress, value: '25' },
      Condition: condition,
      CancelAfter: (await ledgerTime(first.client)) + 3600,
    });
    // A few empty ledgers after the last transaction: the index must still continue from the newest one.
    first.node.closeLedger();
    first.node.closeLedger();
    const lastIndex = await first.client.getLedgerIndex();
    const rootBefore = await first.root(alice.classicAddress);
    const bobBefore = await first.root(bob.classicAddress);
    const keys = first.node.keys;
    // Accepted into the open ledger but not yet validated when the node stops: stop() closes that ledger first.
    const pending = await first.submit(bob, {
      TransactionType: 'Payment',
      Destination: alice.classicAddress,
      Amount: '5',
    });
    expect(pending.engine_result).toBe('tesSUCCESS');
    await first.stop(true);
    for (const file of ['chain.json', 'state.json', 'history.jsonl', 'genesis.json']) {
      expect(fs.existsSync(path.join(first.dataDir, 'ledger', file))).toBe(true);
    }

    t = await TestLedger.start('persistence', { dataDir: first.dataDir });
    const second = t;
    expect(second.node.keys).toEqual(keys);
    expect(await second.client.getLedgerIndex()).toBeGreaterThan(lastIndex);
    expect(await second.tx(pending.tx_json.hash!)).toMatchObject({ validated: true });
    expect(await second.root(alice.classicAddress)).toEqual({
      ...rootBefore,
      Balance: String(Number(rootBefore.Balance) + 5),
      PreviousTxnID: pending.tx_json.hash,
      PreviousTxnLgrSeq: expect.any(Number),
    });
    expect(await second.root(bob.classicAddress)).toMatchObject({
      Balance: String(Number(bobBefore.Balance) - 5 - 10),
      Sequence: bobBefore.Sequence + 1,
    });
    expect(await second.tokens(alice.classicAddress, second.issuer.classicAddress)).toBe('50');

    const tx = await second.tx(paid.hash);
    expect(tx).toMatchObject({
      validated: true,
      ledger_index: paid.ledger_index,
      meta: { TransactionResult: 'tesSUCCESS' },
    });
    const history = await second.client.request({ command: 'account_tx', account: alice.classicAddress });
    expect(history.result.transactions.map((e) => e.hash)).toContain(created.hash);
    const old = await second.client.request({ command: 'ledger', ledger_index: paid.ledger_index, transactions: true });
    expect(old.result.ledger.transactions).toContain(paid.hash);

    // The chain goes on: new ledgers follow the old ones, the old escrow can be finished, sequences continue.
    second.node.closeLedger();
    expect(await second.client.getLedgerIndex()).toBeGreaterThan(lastIndex);
    const finished = await second.apply(second.platform, {
      TransactionType: 'EscrowFinish',
      Owner: alice.classicAddress,
      OfferSequence: created.tx_json.Sequence,
      Condition: condition,
      Fulfillment: fulfillment,
    });
    expect(finished.ledger_index).toBeGreaterThan(lastIndex);
    expect(await second.tokens(bob.classicAddress, second.issuer.classicAddress)).toBe('26');
    const next = await second.apply(alice, {
      TransactionType: 'Payment',
      Destination: bob.classicAddress,
      Amount: '1',
    });
    expect(next.tx_json.Sequence).toBe(rootBefore.Sequence);
  });
});
