import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AccountStateStore } from '../account-state/ports';
import { assertStoreOpen } from '../account-state/store-state';
import type { Clock } from '../clock/clock';
import type { ListingAnnouncer } from '../follows/new-listing-notices';
import type { NewListing } from '../listings/create-listing';
import type { FullListing } from '../listings/get-listing';
import { assertAuctionEndAhead, type ThumbnailRequests } from '../listings/listing-body';
import { assertMayPublish, type PublishGate } from '../listings/publish-gate';
import { copyPhotos, keysOfImages, type ListingImageRecord, type PhotoCopier } from '../listings/photos';
import { searchTermsFor } from '../listings/search-terms';
import { alreadyDecided } from '../orders/auction-payment';
import type { OrderRecord } from '../orders/order';
import type { OrderRepository } from '../orders/order-store';
import type { AuctionResult } from './ports';

/** A stored auction as relisting reads it: everything the wizard wrote, and how the close schedule left it. */
export type RelistSource = FullListing & {
  returnPolicy?: NewListing['returnPolicy'];
  tags?: string[];
  auctionResult?: AuctionResult;
  auctionOrderId?: string;
  relistedAs?: string;
};

export interface RelistStore {
  read(listingId: string): Promise<RelistSource | null>;
  /**
   * The new listing (with its facets and search postings) and the old one marked relisted, in one transaction
   * conditional on the old one still ended and not relisted; the lapsed order, when there is one, records the
   * seller's choice in it. False when that no longer held (relisted already, or a second chance was offered).
   */
  relist(old: RelistSource, fresh: NewListing, terms: string[], lapsed: OrderRecord | null, at: Date): Promise<boolean>;
}

export interface RelistDeps extends PublishGate {
  store: RelistStore;
  orders: Pick<OrderRepository, 'get'>;
  /** The relisted auction's own copies of the photos (listing-photos/ is written and deleted under). */
  photos: PhotoCopier;
  thumbnails: ThumbnailRequests;
  /** A relisted auction is on sale again: the seller's followers hear of it as of a new listing (decision 058). */
  followers: ListingAnnouncer;
  /** A deactivated store relists nothing until it is reactivated (decision 059). */
  states: Pick<AccountStateStore, 'get'>;
  newId: () => string;
  clock: Clock;
}

const notRelistable = (why: string) => new AppError('invalid_state', 'not_relistable', why);

/**
 * A fresh auction of the same item (decision 029): the wizard's fields, starting bid, reserve and Buy It Now of the
 * old listing, its photos (as copied for it), no bids, and the new end the seller picked (validated as creating a
 * listing does).
 */
export function relistedListing(
  old: RelistSource,
  listingId: string,
  endsAt: string,
  at: Date,
  images: ListingImageRecord[],
): NewListing {
  const createdAt = at.toISOString();
  return {
    listingId,
    sellerId: old.sellerId,
    sellerUsername: old.sellerUsername,
    title: old.title,
    description: old.description,
    category: old.category,
    ...(old.subcategory && { subcategory: old.subcategory }),
    condition: old.condition,
    ...(old.brand && { brand: old.brand }),
    ...(old.model && { model: old.model }),
    ...(old.upc && { upc: old.upc }),
    specifications: old.specifications ?? {},
    ...(old.weightLbs !== undefined && { weightLbs: old.weightLbs }),
    ...(old.dimensions?.length !== undefined &&
      old.dimensions.width !== undefined &&
      old.dimensions.height !== undefined && {
        dimensions: { length: old.dimensions.length, width: old.dimensions.width, height: old.dimensions.height },
      }),
    listingType: 'auction',
    ...(old.startingBidCents !== undefined && { startingBidCents: old.startingBidCents }),
    ...(old.buyItNowPriceCents !== undefined && { buyItNowPriceCents: old.buyItNowPriceCents }),
    ...(old.reservePriceCents !== undefined && { reservePriceCents: old.reservePriceCents }),
    endsAt: new Date(endsAt).toISOString(),
    acceptOffers: false,
    quantity: old.quantity ?? 1,
    shippingType: old.shippingType,
    ...(old.shippingCostCents !== undefined && { shippingCostCents: old.shippingCostCents }),
    localPickup: old.localPickup ?? false,
    location: {
      zipCode: old.location?.zipCode ?? '',
      city: old.location?.city ?? '',
      state: old.location?.state ?? '',
    },
    returnPolicy: old.returnPolicy ?? '30_days',
    images,
    status: 'active',
    featured: false,
    bidCount: 0,
    quantitySold: 0,
    sortPriceCents: old.startingBidCents ?? 0,
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
}

/**
 * The seller relists an auction the close schedule ended without a paid sale (no bids, reserve not met, or its order
 * lapsed and no second chance was taken): once, by its seller only (anyone else 403), with a new end date.
 */
export async function relistAuction(sellerId: string, listingId: string, endsAt: string, deps: RelistDeps) {
  const old = await deps.store.read(listingId);
  if (!old || old.status === 'deleted') throw new NotFoundError('Listing not found');
  if (old.sellerId !== sellerId) throw new ForbiddenError('Only the seller can relist this listing');
  if (old.listingType !== 'auction' || !old.auctionResult) {
    throw notRelistable('Only an auction that has ended can be relisted.');
  }
  if (old.relistedAs)
    throw new AppError('invalid_state', 'already_relisted', 'This auction has already been relisted.');
  if (old.status !== 'ended') throw notRelistable('This item is sold or waiting for its buyer to pay.');
  await assertStoreOpen(sellerId, deps.states);
  // A relisted auction is published anew: with require_kyc on, only by a verified seller (decision 069).
  await assertMayPublish(sellerId, deps);
  const at = deps.clock.now();
  assertAuctionEndAhead(endsAt, at);
  const lapsed = old.auctionOrderId ? await deps.orders.get(old.auctionOrderId) : null;
  const freshId = deps.newId();
  // Copies, never the old listing's keys: dropping a photo from the new listing must leave the old one's.
  const images = await copyPhotos(old.images ?? [], deps.newId, deps.photos);
  const fresh = relistedListing(old, freshId, endsAt, at, images);
  let relisted = false;
  try {
    relisted = await deps.store.relist(old, fresh, searchTermsFor(fresh), lapsed, at);
  } finally {
    // Not relisted (lost a race, or the write failed): the copies belong to no listing.
    if (!relisted && images.length) await deps.photos.remove(keysOfImages(images)).catch(() => undefined);
  }
  if (!relisted) throw alreadyDecided();
  // A photo the old listing never got a thumbnail for gets one now, as a new upload does.
  const unthumbed = images.filter((i) => !i.thumbKey).map((i) => i.key);
  if (unthumbed.length) await deps.thumbnails.request(freshId, unthumbed);
  await deps.followers.announce(fresh, at);
  return { id: freshId };
}
