import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { verifySignedBlob } from '../../../../functions/adapters/ledger/verify-signed-blob';
import {
  escrowCreateTx,
  escrowSequenceOf,
  ORDER_MEMO_TYPE,
  preimageCondition,
  rippleTime,
} from '../../../../functions/core/orders/escrow-create';

describe('PREIMAGE-SHA-256 conditions (xrpl.org escrow docs)', () => {
  it('wraps sha256(preimage) as the condition and the preimage as the fulfillment', () => {
    const preimage = new Uint8Array(32).fill(7);
    const { condition, fulfillment } = preimageCondition(preimage);
    const digest = createHash('sha256').update(preimage).digest('hex').toUpperCase();
    expect(condition).toBe(`A0258020${digest}810120`);
    expect(fulfillment).toBe(`A0228020${'07'.repeat(32)}`);
  });

  it('takes 32 bytes only', () => {
    expect(() => preimageCondition(new Uint8Array(31))).toThrow(RangeError);
  });
});

describe('the EscrowCreate a buyer signs', () => {
  const order = {
    orderId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    totalCents: 12_345,
    escrow: {
      buyerAddress: 'rBuyer',
      sellerAddress: 'rSeller',
      condition: 'A0258020AB810120',
      sealedFulfillment: 'aes.x',
      cancelAfter: '2026-12-01T10:00:00.000Z',
    },
  };

  it('pays the order total in RLUSD from buyer to seller under our condition, refundable at CancelAfter, memo = order', () => {
    const tx = escrowCreateTx(order, { currency: '524C555344000000000000000000000000000000', issuer: 'rIssuer' });
    expect(tx).toEqual({
      TransactionType: 'EscrowCreate',
      Account: 'rBuyer',
      Destination: 'rSeller',
      Amount: { currency: '524C555344000000000000000000000000000000', issuer: 'rIssuer', value: '123.45' },
      Condition: 'A0258020AB810120',
      CancelAfter: rippleTime('2026-12-01T10:00:00.000Z'),
      Memos: [
        { Memo: { MemoType: ORDER_MEMO_TYPE, MemoData: Buffer.from(order.orderId).toString('hex').toUpperCase() } },
      ],
    });
  });

  it('counts time from the Ripple epoch (2000-01-01T00:00:00Z)', () => {
    expect(rippleTime('2000-01-01T00:00:00.000Z')).toBe(0);
    expect(rippleTime('2000-01-01T00:01:00.900Z')).toBe(60);
  });
});

describe('the sequence a signed EscrowCreate names its escrow by', () => {
  const buyer = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
  const seller = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
  const asked = escrowCreateTx(
    {
      orderId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
      totalCents: 4_500,
      escrow: {
        buyerAddress: buyer.classicAddress,
        sellerAddress: seller.classicAddress,
        condition: `A0258020${'AB'.repeat(32)}810120`,
        sealedFulfillment: 'aes.x',
        cancelAfter: '2026-12-01T10:00:00.000Z',
      },
    },
    { currency: '524C555344000000000000000000000000000000', issuer: seller.classicAddress },
  );
  const signed = (over: Record<string, unknown>) =>
    verifySignedBlob(buyer.sign({ ...asked, Fee: '12', LastLedgerSequence: 99, ...over } as never).tx_blob, asked);

  it('is the Sequence of a blob signed the usual way', () => {
    const verdict = signed({ Sequence: 41 });
    expect(verdict.ok && escrowSequenceOf(verdict.tx)).toBe(41);
  });

  it('is none for a blob signed with a TicketSequence (Sequence 0), though its fields are the ones asked for', () => {
    const verdict = signed({ Sequence: 0, TicketSequence: 12 });
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && escrowSequenceOf(verdict.tx)).toBeUndefined();
  });

  it('is none without a usable Sequence at all', () => {
    expect(escrowSequenceOf({ Sequence: 0 })).toBeUndefined();
    expect(escrowSequenceOf({})).toBeUndefined();
    expect(escrowSequenceOf({ Sequence: '41' })).toBeUndefined();
    expect(escrowSequenceOf({ Sequence: 41, TicketSequence: 41 })).toBeUndefined();
  });
});
