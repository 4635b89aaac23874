import { describe, expect, it } from 'vitest';
import { offerPrices, unitPriceWith, unitsWith } from '../../../../functions/core/cart/offer-price';
import {
  amountRefusal,
  balanceRefusal,
  canMove,
  countered,
  expiresAtOf,
  firstOffer,
  isAnswerable,
  isBuyable,
  isExpired,
  moved,
  openThreadRefusal,
  roleIn,
  takesOffersRefusal,
} from '../../../../functions/core/offers/offer-rules';
import { OFFER_MAX_ROUNDS, OFFER_STATUSES, type Offer } from '../../../../shared/domain/offers';
import { saleListing, T0 } from './memory-offers';

const at = (ms: number) => new Date(T0 + ms);
const HOUR = 3_600_000;

function anOffer(over: Partial<Offer> = {}): Offer {
  const o = firstOffer(
    { conversationId: 'C1', listingId: 'L1', buyerId: 'BUYER', sellerId: 'SELLER' },
    { offerId: 'O1', senderId: 'BUYER', amountCents: 4_000, expires: true, at: at(0) },
  );
  return { ...o, ...over };
}

describe('the offer state machine', () => {
  it('moves a pending offer to any answer, an accepted one only to declined, and nothing else anywhere', () => {
    for (const from of OFFER_STATUSES) {
      for (const to of OFFER_STATUSES) {
        const allowed = from === 'pending' ? to !== 'pending' : from === 'accepted' && to === 'declined';
        expect(canMove(from, to), `${from} -> ${to}`).toBe(allowed);
      }
    }
    expect(() => moved(anOffer({ status: 'rejected' }), 'accepted', at(1))).toThrow(/can't move/);
  });

  it('an accepted offer may be bought for 48 hours, once', () => {
    const accepted = moved(anOffer(), 'accepted', at(HOUR));
    expect(accepted).toMatchObject({ status: 'accepted', buyBy: at(49 * HOUR).toISOString(), orderId: null });
    expect(accepted.updatedAt).toBe(at(HOUR).toISOString());
    expect(isBuyable(accepted, at(49 * HOUR - 1))).toBe(true);
    expect(isBuyable(accepted, at(49 * HOUR))).toBe(false);
    expect(isBuyable({ ...accepted, orderId: 'ORDER1' }, at(2 * HOUR))).toBe(false);
    expect(isBuyable(moved(accepted, 'declined', at(2 * HOUR)), at(2 * HOUR))).toBe(false);
  });

  it('counters up to OFFER_MAX_ROUNDS rounds, each the next round with its own expiry, then too_many_rounds', () => {
    let current = anOffer();
    for (let round = 2; round <= OFFER_MAX_ROUNDS; round++) {
      const sender = current.senderId === 'BUYER' ? 'SELLER' : 'BUYER';
      const r = countered(current, {
        offerId: `O${round}`,
        senderId: sender,
        amountCents: 4_000 + round,
        expires: round % 2 === 0,
        at: at(round * HOUR),
      });
      if ('code' in r) throw new Error(r.code);
      expect(r.answered).toMatchObject({ id: current.id, status: 'countered' });
      expect(r.next).toMatchObject({
        id: `O${round}`,
        round,
        counterOf: current.id,
        senderId: sender,
        status: 'pending',
        buyerId: 'BUYER',
        sellerId: 'SELLER',
        expiresAt: round % 2 === 0 ? at((round + 24) * HOUR).toISOString() : null,
      });
      current = r.next;
    }
    expect(current.round).toBe(OFFER_MAX_ROUNDS);
    const over = countered(current, {
      offerId: 'OX',
      senderId: 'BUYER',
      amountCents: 4_100,
      expires: true,
      at: at(0),
    });
    expect(over).toEqual({ code: 'too_many_rounds' });
  });

  it('only the party who did not send a round answers it', () => {
    expect(roleIn(anOffer(), 'SELLER')).toBe('receiver');
    expect(roleIn(anOffer(), 'BUYER')).toBe('sender');
    expect(roleIn(anOffer({ senderId: 'SELLER' }), 'BUYER')).toBe('receiver');
    expect(roleIn(anOffer(), 'OTHER')).toBeNull();
  });
});

describe('expiry on the clock', () => {
  it('24 hours with the toggle, never without; answerable until then, whether the schedule ran or not', () => {
    expect(expiresAtOf(at(0), true)).toBe(at(24 * HOUR).toISOString());
    expect(expiresAtOf(at(0), false)).toBeNull();
    const o = anOffer();
    expect(isExpired(o, at(24 * HOUR - 1))).toBe(false);
    expect(isAnswerable(o, at(24 * HOUR - 1))).toBe(true);
    expect(isExpired(o, at(24 * HOUR))).toBe(true);
    expect(isAnswerable(o, at(24 * HOUR))).toBe(false);
    const forever = anOffer({ expiresAt: null });
    expect(isAnswerable(forever, at(1_000 * HOUR))).toBe(true);
  });

  it('one live thread: a new offer waits for a pending one or an accepted one not yet bought', () => {
    const o = anOffer();
    expect(openThreadRefusal(null, at(0))).toBeNull();
    expect(openThreadRefusal(o, at(HOUR))).toEqual({ code: 'offer_open', accepted: false });
    expect(openThreadRefusal(o, at(25 * HOUR))).toBeNull();
    const accepted = moved(o, 'accepted', at(HOUR));
    expect(openThreadRefusal(accepted, at(2 * HOUR))).toEqual({ code: 'offer_open', accepted: true });
    expect(openThreadRefusal(accepted, at(50 * HOUR))).toBeNull();
    expect(openThreadRefusal({ ...accepted, orderId: 'ORDER1' }, at(2 * HOUR))).toBeNull();
    expect(openThreadRefusal(moved(o, 'rejected', at(HOUR)), at(2 * HOUR))).toBeNull();
  });
});

describe('the terms of an offer', () => {
  it('a positive whole number of cents; from the buyer at least the minimum; at most the balance', () => {
    const l = saleListing({ minOfferCents: 3_000 });
    for (const bad of [0, -1, 12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(amountRefusal(bad, true, l), String(bad)).toEqual({ code: 'invalid_amount' });
    }
    expect(amountRefusal(2_999, true, l)).toEqual({ code: 'below_minimum' });
    expect(amountRefusal(3_000, true, l)).toBeNull();
    // The seller's counter is not held to their own minimum.
    expect(amountRefusal(2_000, false, l)).toBeNull();
    expect(amountRefusal(1, true, saleListing({ minOfferCents: undefined }))).toBeNull();
    expect(balanceRefusal(4_000, 3_999)).toEqual({
      code: 'insufficient_balance',
      needCents: 4_000,
      balanceCents: 3_999,
    });
    expect(balanceRefusal(4_000, 4_000)).toBeNull();
  });

  it('only a fixed-price listing with offers on, still for sale with a unit left', () => {
    const now = at(0);
    expect(takesOffersRefusal(saleListing(), now)).toBeNull();
    expect(takesOffersRefusal(saleListing({ acceptOffers: false }), now)).toEqual({ code: 'offers_not_accepted' });
    expect(
      takesOffersRefusal(
        saleListing({ listingType: 'auction', buyItNowPriceCents: 5_000, priceCents: undefined }),
        now,
      ),
    ).toEqual({ code: 'offers_not_accepted' });
    expect(takesOffersRefusal(saleListing({ status: 'sold' }), now)).toEqual({ code: 'listing_unavailable' });
    expect(takesOffersRefusal(saleListing({ quantityReserved: 1 }), now)).toEqual({ code: 'listing_unavailable' });
    expect(takesOffersRefusal(undefined, now)).toEqual({ code: 'listing_unavailable' });
  });
});

describe('the price of an accepted offer', () => {
  it('prices one unit for its buyer until its buy-by time, and nothing once bought', async () => {
    const accepted = moved(anOffer(), 'accepted', at(HOUR));
    const l = saleListing({ quantity: 3 });
    const offers = { current: async () => [accepted, { ...anOffer({ id: 'O9', listingId: 'L9' }) }] };
    const prices = await offerPrices('BUYER', ['L1', 'L9'], offers, at(2 * HOUR));
    expect([...prices.entries()]).toEqual([['L1', { offerId: 'O1', amountCents: 4_000, buyBy: accepted.buyBy }]]);
    const price = prices.get('L1');
    expect(unitPriceWith(l, price, at(2 * HOUR))).toBe(4_000);
    expect(unitsWith(l, price, at(2 * HOUR))).toBe(1);
    expect(unitPriceWith(l, undefined, at(2 * HOUR))).toBe(5_000);
    expect(unitsWith(l, undefined, at(2 * HOUR))).toBe(3);
    expect(unitsWith(saleListing({ status: 'sold' }), price, at(2 * HOUR))).toBe(0);
    expect((await offerPrices('BUYER', ['L1'], offers, at(50 * HOUR))).size).toBe(0);
  });
});
