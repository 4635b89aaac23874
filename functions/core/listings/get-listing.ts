import type { ListingDetail } from '../../../shared/api/listings';
import { NotFoundError } from '../../lib/errors';
import { LISTING_UNAVAILABLE } from '../../../shared/api/admin-moderation';
import { reserveStatusOf } from '../bids/auction-state';
import type { ListingRecord } from './listing';
import { averageRating, type StoreOwner } from './store-page';
import { toListingCard, toListingImage, type MediaUrl } from './to-card';

/** A stored listing with every field the wizard writes. */
export type FullListing = ListingRecord & {
  /** Hidden by an administrator (decision 066). */
  hidden?: boolean;
  model?: string;
  upc?: string;
  specifications?: Record<string, string>;
  weightLbs?: number;
  dimensions?: { length?: number; width?: number; height?: number };
  acceptOffers?: boolean;
  minOfferCents?: number;
  shippingCostCents?: number;
  localPickup?: boolean;
  location?: { zipCode?: string; city?: string; state?: string };
  quantity?: number;
  quantitySold?: number;
  /** Units held by orders awaiting the buyer's signature. */
  quantityReserved?: number;
  /** Secret auction state: read for the reserve line and whether the viewer leads, never mapped out. */
  leaderId?: string;
  leaderMaxCents?: number;
  /** Set when the close schedule ended the auction (decision 029): such an auction stays visible, as Ended. */
  auctionResult?: 'sold' | 'no_bids' | 'reserve_not_met';
};

export interface ListingReaderPort {
  full(listingId: string): Promise<FullListing | null>;
  /** The seller's account and public profile. */
  seller(userId: string): Promise<StoreOwner | null>;
  /** The seller takes new conversations (their allowDirectContact setting, decision 057). */
  acceptsMessages(userId: string): Promise<boolean>;
}

function sellerInfo(
  l: FullListing,
  owner: StoreOwner | null,
  acceptsMessages: boolean,
  mediaUrl: MediaUrl,
): ListingDetail['sellerInfo'] {
  const p = owner?.profile ?? {};
  return {
    username: owner?.username ?? l.sellerUsername,
    avatarUrl: p.avatarKey ? mediaUrl(p.avatarKey) : null,
    // The administrator's mark, not the selling switch (decision 069).
    verified: p.isVerified ?? false,
    rating: averageRating(p.ratingSum ?? 0, p.ratingCount ?? 0),
    reviewCount: p.ratingCount ?? 0,
    salesCount: p.salesCount ?? 0,
    location: p.location ?? null,
    joinedAt: owner?.createdAt ?? l.createdAt,
    acceptsMessages,
  };
}

/** The seller's reserve and minimum offer, for the seller's own view; others see only `hasReserve` (on the card). */
function sellerTerms(l: FullListing): Pick<ListingDetail, 'minOfferCents' | 'reservePriceCents'> {
  return { minOfferCents: l.minOfferCents ?? null, reservePriceCents: l.reservePriceCents ?? null };
}

export function toListingDetail(
  l: FullListing,
  owner: StoreOwner | null,
  mediaUrl: MediaUrl,
  viewerId: string | null,
  acceptsMessages: boolean,
): ListingDetail {
  const viewerIsSeller = viewerId !== null && viewerId === l.sellerId;
  const auction = l.listingType === 'auction';
  const d = l.dimensions;
  const loc = l.location;
  return {
    ...toListingCard(l, mediaUrl),
    description: l.description,
    brand: l.brand ?? null,
    model: l.model ?? null,
    upc: l.upc ?? null,
    specifications: l.specifications ?? {},
    weightLbs: l.weightLbs ?? null,
    dimensions:
      d?.length !== undefined && d.width !== undefined && d.height !== undefined
        ? { length: d.length, width: d.width, height: d.height }
        : null,
    images: (l.images ?? []).map((i) => toListingImage(i, mediaUrl)),
    acceptOffers: l.acceptOffers ?? false,
    reserveStatus: auction ? reserveStatusOf(l.reservePriceCents ?? null, l.leaderMaxCents ?? null) : 'none',
    viewerLeads: auction && viewerId !== null ? l.leaderId === viewerId : null,
    ...(viewerIsSeller && sellerTerms(l)),
    shippingType: l.shippingType,
    shippingCostCents: l.shippingCostCents ?? null,
    localPickup: l.localPickup ?? false,
    location: loc?.city && loc.state ? { zipCode: loc.zipCode ?? '', city: loc.city, state: loc.state } : null,
    quantity: l.quantity ?? 1,
    quantityAvailable:
      l.status === 'active' ? Math.max(0, (l.quantity ?? 1) - (l.quantitySold ?? 0) - (l.quantityReserved ?? 0)) : 0,
    status: l.status === 'sold' || l.status === 'ended' ? l.status : 'active',
    returnPolicy: l.returnPolicy ?? '30_days',
    sellerInfo: sellerInfo(l, owner, acceptsMessages, mediaUrl),
  };
}

/** Active, sold out, or an auction that ended at its end (spec: it shows 'Ended'); not one its seller ended. */
export function isShown<L extends Pick<FullListing, 'status' | 'auctionResult'>>(
  l: L,
): l is L & { status: ListingDetail['status'] } {
  return l.status === 'active' || l.status === 'sold' || (l.status === 'ended' && l.auctionResult !== undefined);
}

/**
 * Spec part 1 "Listing detail page": an active listing is shown, one that sold out (its buyers follow their purchase on
 * it), and an auction that ended at its end (Ended); anything else (ended by its seller, expired, deleted) is 'Listing
 * not found'. `viewerId` is the signed-in user reading it (null for a visitor): only the listing's seller gets the
 * reserve and minimum offer.
 */
export async function getListing(
  listingId: string,
  viewerId: string | null,
  reader: ListingReaderPort,
  mediaUrl: MediaUrl,
): Promise<ListingDetail> {
  const listing = await reader.full(listingId);
  // A listing an administrator hid says so to others (decision 066); its seller is told why by notification.
  if (listing?.hidden) throw new NotFoundError(LISTING_UNAVAILABLE);
  if (!listing || !isShown(listing)) throw new NotFoundError('Listing not found');
  const [owner, acceptsMessages] = await Promise.all([
    reader.seller(listing.sellerId),
    reader.acceptsMessages(listing.sellerId),
  ]);
  return toListingDetail(listing, owner, mediaUrl, viewerId, acceptsMessages);
}
