import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashes, Wallet } from 'xrpl';
import { LedgerConnection } from '../../../functions/adapters/ledger/connection';
import { submitAndWait } from '../../../functions/adapters/ledger/submit';
import { RpcError, startFakeRippled, type FakeRippled } from './fake-rippled';

const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const bob = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const LAST_LEDGER = 50;
const blob = alice.sign({
  TransactionType: 'Payment',
  Account: alice.classicAddress,
  Destination: bob.classicAddress,
  Amount: '1000000',
  Fee: '12',
  Sequence: 3,
  LastLedgerSequence: LAST_LEDGER,
}).tx_blob;
const txid = hashes.hashSignedTx(blob);
const fast = { pollMs: 10, timeoutMs: 2_000 };

let node: FakeRippled;
let connection: LedgerConnection;
/** What `submit` answers. */
let engineResult: string;
/** The validated ledger index the node reports. */
let validated: number;
/** What `tx` answers: null is txnNotFound. */
let txAnswer: () => Record<string, unknown> | null;

const inLedger = (result: string, over: Record<string, unknown> = {}) => ({
  hash: txid,
  ledger_index: 45,
  validated: true,
  meta: { TransactionResult: result, ...over },
});

beforeEach(async () => {
  engineResult = 'tesSUCCESS';
  validated = 40;
  txAnswer = () => null;
  node = await startFakeRippled({
    submit: () => ({ engine_result: engineResult, engine_result_message: `${engineResult} message`, tx_blob: blob }),
    tx: () => txAnswer() ?? new RpcError('txnNotFound', 'Transaction not found.'),
    ledger: () => ({ ledger_index: validated, validated: true }),
  });
  connection = new LedgerConnection(node.url);
});

afterEach(async () => {
  await connection.close();
  await node.close();
});

describe('submitAndWait', () => {
  it('follows a transaction until a validated ledger holds it, with what it delivered', async () => {
    let looks = 0;
    txAnswer = () => (++looks < 3 ? null : inLedger('tesSUCCESS', { delivered_amount: '1000000' }));
    expect(await submitAndWait(connection, blob, fast)).toEqual({
      status: 'success',
      txid,
      ledgerIndex: 45,
      deliveredAmount: { xrp: '1000000' },
    });
    expect(node.commands('submit')).toHaveLength(1);
    expect(node.commands('submit')[0]!.tx_blob).toBe(blob);
    expect(node.commands('tx').length).toBeGreaterThanOrEqual(3);
  });

  it('reports a tec result from the validated ledger as failed, even when submit said tesSUCCESS', async () => {
    txAnswer = () => inLedger('tecUNFUNDED_PAYMENT');
    expect(await submitAndWait(connection, blob, fast)).toEqual({
      status: 'failed',
      code: 'tecUNFUNDED_PAYMENT',
      txid,
      ledgerIndex: 45,
    });
  });

  it('rejects a tem result at once, without looking for the transaction', async () => {
    engineResult = 'temBAD_AMOUNT';
    expect(await submitAndWait(connection, blob, fast)).toEqual({
      status: 'rejected',
      code: 'temBAD_AMOUNT',
      message: 'temBAD_AMOUNT message',
      txid,
    });
    expect(node.commands('tx')).toEqual([]);
  });

  it('reports the real result of a resubmitted transaction (tefPAST_SEQ) and rejects a tef one that is nowhere', async () => {
    engineResult = 'tefPAST_SEQ';
    txAnswer = () => inLedger('tesSUCCESS');
    expect(await submitAndWait(connection, blob, fast)).toMatchObject({ status: 'success', ledgerIndex: 45 });
    txAnswer = () => null;
    expect(await submitAndWait(connection, blob, fast)).toMatchObject({ status: 'rejected', code: 'tefPAST_SEQ' });
  });

  it('rejects a ter result once the validated ledger passes LastLedgerSequence without it', async () => {
    engineResult = 'terPRE_SEQ';
    let looks = 0;
    txAnswer = () => {
      if (++looks === 3) validated = LAST_LEDGER + 1;
      return null;
    };
    expect(await submitAndWait(connection, blob, fast)).toEqual({
      status: 'rejected',
      code: 'terPRE_SEQ',
      message: 'terPRE_SEQ message',
      txid,
    });
  });

  it('calls a provisionally successful transaction expired once LastLedgerSequence has passed without it', async () => {
    let looks = 0;
    txAnswer = () => {
      if (++looks === 2) validated = LAST_LEDGER + 1;
      return null;
    };
    expect(await submitAndWait(connection, blob, fast)).toEqual({
      status: 'expired',
      txid,
      lastLedgerSequence: LAST_LEDGER,
    });
  });

  it('gives up after the timeout with the provisional result when nothing is final yet', async () => {
    const started = Date.now();
    expect(await submitAndWait(connection, blob, { pollMs: 20, timeoutMs: 300 })).toEqual({
      status: 'timeout',
      txid,
      preliminaryCode: 'tesSUCCESS',
    });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(280);
    expect(took).toBeLessThan(1_500);
  });

  it('maps a blob the node refuses outright (RPC error) to rejected', async () => {
    node.handlers.submit = () => new RpcError('invalidTransaction', 'fails local checks: Invalid signature.');
    expect(await submitAndWait(connection, blob, fast)).toMatchObject({
      status: 'rejected',
      code: 'invalidTransaction',
      txid,
    });
  });

  it('sends the blob again on a new connection when the first one drops before the answer', async () => {
    let submits = 0;
    node.handlers.submit = () =>
      ++submits === 1 ? 'drop' : { engine_result: 'tesSUCCESS', engine_result_message: 'ok', tx_blob: blob };
    txAnswer = () => inLedger('tesSUCCESS');
    expect(await submitAndWait(connection, blob, fast)).toMatchObject({ status: 'success', txid });
    expect(submits).toBe(2);
    expect(node.connections).toBeGreaterThanOrEqual(2);
  });

  it('keeps following through dropped connections once submitted', async () => {
    let looks = 0;
    node.handlers.tx = () => (++looks <= 4 ? 'drop' : inLedger('tesSUCCESS'));
    expect(await submitAndWait(connection, blob, fast)).toMatchObject({ status: 'success', txid });
    expect(node.connections).toBeGreaterThanOrEqual(3);
  });

  it('answers timeout with the txid when the node goes away after the submit', async () => {
    node.handlers.submit = () => {
      setTimeout(() => void node.close(), 0);
      return { engine_result: 'tesSUCCESS', engine_result_message: 'ok', tx_blob: blob };
    };
    const started = Date.now();
    expect(await submitAndWait(connection, blob, { pollMs: 20, timeoutMs: 400 })).toEqual({
      status: 'timeout',
      txid,
      preliminaryCode: 'tesSUCCESS',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses something that is not a signed transaction before sending anything', async () => {
    await expect(submitAndWait(connection, 'not hex', fast)).rejects.toThrow(/Not a signed transaction/);
    expect(node.requests).toEqual([]);
  });
});
