import { describe, expect, it } from 'vitest';
import * as rules from '../../../../functions/core/orders/auction-payment';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { aWonOrder, CLOSED_AT, PAYMENT_DUE } from '../../../fixtures/auction-order';
import { anOrder } from '../../../fixtures/order-record';

const { afterFailedSigning, assertAwaitingPayment, dueToLapse, secondChanceOf, sellerOptionsOf } = rules;

const NOW = CLOSED_AT;
const DUE = PAYMENT_DUE;
const won = aWonOrder;
const at = (o: OrderRecord, over: Partial<OrderRecord>) => ({ ...o, ...over });
const lapsed = (o: OrderRecord) => at(o, { status: 'cancelled', cancelReason: 'payment_lapsed' });

describe("an auction's order", () => {
  it('is made awaiting payment for one unit at the final price, due 48 hours on, nothing to sign yet', () => {
    const o = won();
    expect(o).toMatchObject({
      status: 'awaiting_payment',
      buyerId: 'W',
      sellerId: 'S',
      lines: [
        { listingId: 'L1', quantity: 1, unitPriceCents: 2_001, shippingCents: 0, imageKey: 'listings/L1/a.webp' },
      ],
      itemsCents: 2_001,
      totalCents: 2_001,
      shipping: { fulfilment: 'pickup', fromZip: '78701', shipTo: null },
      escrow: { buyerAddress: 'rW', sellerAddress: 'rS', condition: '', sealedFulfillment: '', cancelAfter: '' },
      reservationExpiresAt: DUE,
      auction: { listingId: 'L1', round: 'winner', paymentDueAt: DUE, runnerUp: { bidderId: 'R' }, sellerChoice: null },
      signing: null,
    });
  });

  it('lapses at the end of its window (not a millisecond before), only while awaiting payment', () => {
    const o = won();
    expect(dueToLapse(o, new Date(Date.parse(DUE) - 1))).toBe(false);
    expect(dueToLapse(o, new Date(DUE))).toBe(true);
    expect(dueToLapse(at(o, { status: 'awaiting_signature' }), new Date(DUE))).toBe(false);
    expect(dueToLapse(anOrder({ status: 'awaiting_payment' }), new Date(DUE))).toBe(false);
  });

  it('goes back to awaiting payment when its signing fails; a checkout order is cancelled', () => {
    expect(afterFailedSigning(won())).toBe('awaiting_payment');
    expect(afterFailedSigning(anOrder())).toBe('cancelled');
  });

  it('is paid only awaiting payment and inside the window, with the reason otherwise', () => {
    expect(() => assertAwaitingPayment(won(), NOW)).not.toThrow();
    const code = (o: OrderRecord, now = NOW) => {
      try {
        assertAwaitingPayment(o, now);
        return null;
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(code(won(), new Date(DUE))).toBe('payment_window_closed');
    expect(code(lapsed(won()))).toBe('payment_window_closed');
    expect(code(at(won(), { status: 'awaiting_signature' }))).toBe('order_in_payment');
    expect(code(at(won(), { status: 'funded' }))).toBe('order_not_awaiting_payment');
    expect(code(anOrder({ status: 'awaiting_payment' }))).toBe('order_not_awaiting_payment');
  });
});

describe("the seller's options after a lapse", () => {
  it('offer the runner-up at their maximum, or relist; nothing before the lapse or after a choice', () => {
    expect(sellerOptionsOf(won())).toBeNull();
    expect(sellerOptionsOf(lapsed(won()))).toEqual({ secondChanceCents: 2_000, relist: true });
    expect(secondChanceOf(lapsed(won()))).toEqual({ bidderId: 'R', priceCents: 2_000 });
    const chosen = lapsed(won());
    chosen.auction = { ...chosen.auction!, sellerChoice: { kind: 'relisted', listingId: 'L2' } };
    expect(sellerOptionsOf(chosen)).toBeNull();
    expect(() => secondChanceOf(chosen)).toThrow(expect.objectContaining({ code: 'already_decided' }));
  });

  it('have no second chance without a runner-up, for a second chance itself, or before the lapse', () => {
    const alone = lapsed(won());
    alone.auction = { ...alone.auction!, runnerUp: null };
    expect(sellerOptionsOf(alone)).toEqual({ secondChanceCents: null, relist: true });
    expect(() => secondChanceOf(alone)).toThrow(expect.objectContaining({ code: 'no_runner_up', status: 409 }));
    const second = lapsed(won());
    second.auction = { ...second.auction!, round: 'second_chance' };
    expect(sellerOptionsOf(second)).toEqual({ secondChanceCents: null, relist: true });
    expect(() => secondChanceOf(won())).toThrow(expect.objectContaining({ code: 'not_lapsed' }));
    expect(() => secondChanceOf(anOrder())).toThrow(expect.objectContaining({ code: 'not_an_auction' }));
  });
});
