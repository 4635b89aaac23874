import { describe, expect, it } from 'vitest';
import { encodeCtid, withDeliverMax } from '../../../infra/local/ledger/rpc/tx-json';

describe('transaction JSON helpers', () => {
  it('insertDeliverMax: v2 renames a Payment Amount to DeliverMax, v1 keeps both, other types are untouched', () => {
    const payment = { TransactionType: 'Payment', Amount: '5' };
    expect(withDeliverMax(payment, 2)).toEqual({ TransactionType: 'Payment', DeliverMax: '5' });
    expect(withDeliverMax(payment, 1)).toEqual({ TransactionType: 'Payment', Amount: '5', DeliverMax: '5' });
    const escrow = { TransactionType: 'EscrowCreate', Amount: '5' };
    expect(withDeliverMax(escrow, 2)).toEqual(escrow);
  });

  it("encodes CTIDs as xrpl.org's tx example shows them", () => {
    // _api-examples/tx/ws-response.json: ledger 56865245, TransactionIndex 0, mainnet -> C363B1DD00000000.
    expect(encodeCtid(56865245, 0, 0)).toBe('C363B1DD00000000');
    expect(encodeCtid(1, 2, 3)).toBe('C000000100020003');
    // Tx.cpp skips a CTID when a part does not fit.
    expect(encodeCtid(1, 0x10000, 0)).toBe(undefined);
    expect(encodeCtid(1, 0, 0xffff)).toBe(undefined);
  });
});
