import type { MyOffer } from '../../../shared/api/offers';
import type { Offer } from '../../../shared/domain/offers';

/** Offer ids of the right shape (26 Crockford base32 characters). */
export const oid = (n: number) => `0F${String(n).padStart(24, '0')}`;
export const CONVERSATION = '0C000000000000000000000001';
export const BUYER = '01JUSER';
export const SELLER = 'SELLER1';
export const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
export const HOUR = 3_600_000;

/** A valid offer: round 1, $50.00 from the buyer (01JUSER, alice_1) to SELLER1 on L1, pending, 24 hours left. */
export function offer(n: number, over: Partial<Offer> = {}): Offer {
  const at = new Date().toISOString();
  return {
    id: oid(n),
    conversationId: CONVERSATION,
    listingId: 'L1',
    buyerId: BUYER,
    sellerId: SELLER,
    senderId: BUYER,
    amountCents: 5_000,
    expiresAt: ahead(24 * HOUR),
    status: 'pending',
    round: 1,
    counterOf: null,
    buyBy: null,
    orderId: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

/** One row of My Activity's Offers tab. */
export function myOffer(n: number, over: Partial<MyOffer> = {}): MyOffer {
  return {
    ...offer(n),
    listing: { id: `L${n}`, title: `Lamp ${n}`, image: null },
    ...over,
  };
}
