import type { Cents } from '../../../shared/domain/money';
import type { Offer } from '../../../shared/domain/offers';
import { isBuyable } from '../offers/offer-rules';
import { availableUnits, unitPriceOf, type SaleListing } from './sale-listing';

/**
 * An accepted offer's price in the cart and at checkout (decision 033): its buyer checks out one unit
 * of the listing at the offer's amount until its buy-by time, once (the checkout records its order on the offer). The
 * browser still sends only the listing and quantity: the server finds the offer and prices the line from it.
 */
export interface CurrentOffers {
  /** The newest offer of the buyer's conversation about each of these listings, where there is one. */
  current(buyerId: string, listingIds: readonly string[]): Promise<Offer[]>;
}

export interface OfferPrice {
  offerId: string;
  amountCents: Cents;
  buyBy: string;
}

/** The buyer's accepted offers still to be bought among these listings, by listing. */
export async function offerPrices(
  buyerId: string,
  listingIds: readonly string[],
  offers: CurrentOffers,
  at: Date,
): Promise<Map<string, OfferPrice>> {
  const found = await offers.current(buyerId, listingIds);
  return new Map(
    found
      .filter((o) => isBuyable(o, at))
      .map((o) => [o.listingId, { offerId: o.id, amountCents: o.amountCents, buyBy: o.buyBy! }]),
  );
}

/** The price of one unit for this buyer: the accepted offer's, else the listing's (null: none). */
export const unitPriceWith = (l: SaleListing, offer: OfferPrice | undefined, at: Date): Cents | null =>
  offer && availableUnits(l, at) > 0 ? offer.amountCents : unitPriceOf(l, at);

/** Units this buyer can get: one at an accepted offer's price, else what is left for anyone. */
export const unitsWith = (l: SaleListing, offer: OfferPrice | undefined, at: Date): number =>
  Math.min(availableUnits(l, at), offer ? 1 : Number.POSITIVE_INFINITY);

/** The refusal's words for more than one unit at an accepted offer's price. */
export const ONE_UNIT_AT_OFFER = 'An accepted offer buys 1 unit.';
