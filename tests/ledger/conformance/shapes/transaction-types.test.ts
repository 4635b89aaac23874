import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { RLUSD, TestLedger, ledgerTime, preimagePair } from '../helpers';
import { RawSocket } from './raw-socket';
import { META, SIGNED_COMMON, shapeOf } from './shape';

/**
 * Conformance with rippled (decision 007): `tx` (API v2) for every transaction type the stand-in applies, compared
 * whole. Only a Payment's Amount becomes DeliverMax (RPC::insertDeliverMax checks ttPAYMENT); only Payments get
 * meta.delivered_amount here (RPC::insertDeliveredAmount: Payment, CheckCash, AccountDelete). Fields per
 * include/xrpl/protocol/detail/transactions.macro; tx_json's ledger_index, date and ctid per xrpl.org's tx example
 * (API v2).
 */
let t: TestLedger;
let owner: Wallet;
let ws: RawSocket;

beforeAll(async () => {
  t = await TestLedger.start('transaction-types', { closeIntervalMs: 0 });
  [owner] = (await t.funded(1)) as [Wallet];
  ws = await RawSocket.open(t.node.url);
});

afterAll(async () => {
  ws?.close();
  await t?.stop();
});

const IN_LEDGER = { ctid: 'string', date: 'number', ledger_index: 'number' } as const;
const AMOUNT_OBJECT = { currency: 'string', issuer: 'string', value: 'string' } as const;

/** The whole `tx` v2 result for a validated transaction, with its own fields given. */
function txShape(fields: Record<string, unknown>, meta: Record<string, unknown> = META) {
  return {
    close_time_iso: 'string',
    ctid: 'string',
    hash: 'string',
    ledger_hash: 'string',
    ledger_index: 'number',
    meta,
    tx_json: { ...SIGNED_COMMON, ...fields, ...IN_LEDGER },
    validated: 'boolean',
  };
}

async function txV2(hash: string): Promise<Record<string, unknown>> {
  return ws.result({ command: 'tx', transaction: hash, api_version: 2 });
}

describe('tx (API v2) per transaction type', () => {
  it('TrustSet, then a token Payment: DeliverMax and delivered_amount are issued amounts', async () => {
    const trust = await t.apply(owner, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: RLUSD, issuer: t.issuer.classicAddress, value: '1000' },
    });
    expect(shapeOf(await txV2(trust.hash))).toEqual(txShape({ LimitAmount: AMOUNT_OBJECT }));
    const pay = await t.apply(t.issuer, {
      TransactionType: 'Payment',
      Destination: owner.classicAddress,
      Amount: { currency: RLUSD, issuer: t.issuer.classicAddress, value: '40' },
    });
    const result = await txV2(pay.hash);
    expect(shapeOf(result)).toEqual(
      txShape({ DeliverMax: AMOUNT_OBJECT, Destination: 'string' }, { ...META, delivered_amount: AMOUNT_OBJECT }),
    );
  });

  it('EscrowCreate, EscrowFinish and EscrowCancel (XRP): their fields, no DeliverMax, no delivered_amount', async () => {
    const now = await ledgerTime(t.client);
    const { condition, fulfillment } = preimagePair();
    const create = await t.apply(owner, {
      TransactionType: 'EscrowCreate',
      Destination: t.platform.classicAddress,
      Amount: '3000000',
      Condition: condition,
      CancelAfter: now + 3600,
    });
    expect(shapeOf(await txV2(create.hash))).toEqual(
      txShape({ Amount: 'string', CancelAfter: 'number', Condition: 'string', Destination: 'string' }),
    );
    const finish = await t.apply(t.platform, {
      TransactionType: 'EscrowFinish',
      Owner: owner.classicAddress,
      OfferSequence: create.tx_json.Sequence,
      Condition: condition,
      Fulfillment: fulfillment,
    });
    expect(shapeOf(await txV2(finish.hash))).toEqual(
      txShape({ Condition: 'string', Fulfillment: 'string', OfferSequence: 'number', Owner: 'string' }),
    );
    const cancelled = await t.apply(owner, {
      TransactionType: 'EscrowCreate',
      Destination: t.platform.classicAddress,
      Amount: '1000',
      FinishAfter: now + 10,
      CancelAfter: now + 20,
    });
    t.node.advanceClock(30);
    const cancel = await t.apply(owner, {
      TransactionType: 'EscrowCancel',
      Owner: owner.classicAddress,
      OfferSequence: cancelled.tx_json.Sequence,
    });
    expect(shapeOf(await txV2(cancel.hash))).toEqual(txShape({ OfferSequence: 'number', Owner: 'string' }));
  });

  it('a token EscrowCreate (TokenEscrow): Amount stays Amount, an issued amount', async () => {
    const now = await ledgerTime(t.client);
    const create = await t.apply(owner, {
      TransactionType: 'EscrowCreate',
      Destination: t.platform.classicAddress,
      Amount: { currency: RLUSD, issuer: t.issuer.classicAddress, value: '5' },
      FinishAfter: now + 60,
      CancelAfter: now + 3600,
    });
    const result = await txV2(create.hash);
    expect(shapeOf(result)).toEqual(
      txShape({ Amount: AMOUNT_OBJECT, CancelAfter: 'number', Destination: 'string', FinishAfter: 'number' }),
    );
    expect(result.tx_json).not.toHaveProperty('DeliverMax');
  });

  it('AccountSet and SetRegularKey', async () => {
    const set = await t.apply(owner, { TransactionType: 'AccountSet', SetFlag: 8 });
    expect(shapeOf(await txV2(set.hash))).toEqual(txShape({ SetFlag: 'number' }));
    const key = await t.apply(owner, {
      TransactionType: 'SetRegularKey',
      RegularKey: Wallet.generate().classicAddress,
    });
    expect(shapeOf(await txV2(key.hash))).toEqual(txShape({ RegularKey: 'string' }));
  });
});
