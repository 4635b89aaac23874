import { describe, expect, it } from 'vitest';
import type { SubmittableTransaction } from 'xrpl';
import { Chain } from '../../../infra/local/ledger/chain';
import { DEFAULT_RULES, LedgerState } from '../../../infra/local/ledger/engine';
import { wallet, XRP } from './engine-harness';

const alice = wallet(1);
const bob = wallet(2);

function chain() {
  const state = LedgerState.genesis([{ address: alice.address, balanceDrops: 1_000n * XRP }]);
  return new Chain(Chain.genesisSnapshot(state), { ...DEFAULT_RULES });
}

/** Alice pays Bob, with the sequence given (her first is 1) and a LastLedgerSequence. */
function payment(sequence: number, lastLedger: number): string {
  return alice.sign({
    TransactionType: 'Payment',
    Account: alice.address,
    Destination: bob.address,
    Amount: String(20n * XRP),
    Fee: '10',
    Sequence: sequence,
    LastLedgerSequence: lastLedger,
  } as unknown as SubmittableTransaction).tx_blob;
}

describe('the local node holds transactions refused for now, as rippled does', () => {
  it('applies sequences submitted out of order: the later ones are held (terPRE_SEQ) and go into the next ledger', () => {
    const c = chain();
    expect(c.submit(payment(3, 20)).engine_result).toBe('terPRE_SEQ');
    expect(c.submit(payment(2, 20)).engine_result).toBe('terPRE_SEQ');
    expect(c.submit(payment(1, 20)).engine_result).toBe('tesSUCCESS');
    const first = c.close();
    expect(first.transactions.map((t) => t.tx_json.Sequence)).toEqual([1]);
    // Held ones are tried again in the new open ledger, again while any applies: 3 after 2.
    const second = c.close();
    expect(second.transactions.map((t) => t.tx_json.Sequence).sort()).toEqual([2, 3]);
    expect(
      second.transactions.every((t) => (t.meta as { TransactionResult: string }).TransactionResult === 'tesSUCCESS'),
    ).toBe(true);
    expect(c.close().transactions).toEqual([]);
  });

  it('drops a held transaction once its LastLedgerSequence has passed', () => {
    const c = chain();
    const open = c.openIndex;
    expect(c.submit(payment(2, open)).engine_result).toBe('terPRE_SEQ');
    c.close();
    // Its predecessor arrives too late: the held one may no longer go into any ledger.
    expect(c.submit(payment(1, open + 5)).engine_result).toBe('tesSUCCESS');
    expect(c.close().transactions.map((t) => t.tx_json.Sequence)).toEqual([1]);
    expect(c.close().transactions).toEqual([]);
  });
});
