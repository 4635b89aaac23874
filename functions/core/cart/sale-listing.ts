import type { ListingStatus, ListingType, ShippingType } from '../../../shared/domain/listing';
import type { Cents } from '../../../shared/domain/money';

/** What buying needs of a listing: its price, stock, shipping and seller, read fresh from the table on every use. */
export interface SaleListing {
  listingId: string;
  sellerId: string;
  sellerUsername: string;
  title: string;
  listingType: ListingType;
  status: ListingStatus;
  priceCents?: number;
  buyItNowPriceCents?: number;
  bidCount?: number;
  endsAt?: string;
  shippingType: ShippingType;
  shippingCostCents?: number;
  /** 'Also Offer Local Pickup': the buyer may collect it instead (shared/domain/pickup-choice.ts). */
  localPickup?: boolean;
  location?: { zipCode?: string; city?: string; state?: string };
  weightLbs?: number;
  /** Outer dimensions of one unit in inches, when the seller gave them. */
  dimensions?: { length?: number; width?: number; height?: number };
  images?: { key: string; thumbKey?: string }[];
  quantity: number;
  quantitySold: number;
  /** Units held by orders waiting for the buyer's signature. */
  quantityReserved: number;
  /** Bumped by every write of the listing: reservations are conditional on it. */
  version: number;
  /** A fixed-price listing that takes offers, and the least it takes (never shown to buyers). */
  acceptOffers?: boolean;
  minOfferCents?: number;
}

/**
 * The price a buyer pays for one unit now: a fixed listing's price; an auction's buy-it-now price while it has no bid
 * and has not ended. null when there is none ('Price Not Available').
 */
export function unitPriceOf(l: SaleListing, at: Date): Cents | null {
  if (l.listingType === 'fixed') return l.priceCents && l.priceCents > 0 ? l.priceCents : null;
  const ended = l.endsAt !== undefined && Date.parse(l.endsAt) <= at.getTime();
  if (ended || (l.bidCount ?? 0) > 0) return null;
  return l.buyItNowPriceCents && l.buyItNowPriceCents > 0 ? l.buyItNowPriceCents : null;
}

/** Units anyone can still buy: none unless the listing is active and has a price. */
export function availableUnits(l: SaleListing, at: Date): number {
  if (l.status !== 'active' || unitPriceOf(l, at) === null) return 0;
  return Math.max(0, l.quantity - l.quantitySold - l.quantityReserved);
}
