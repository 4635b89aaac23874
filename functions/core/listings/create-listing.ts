import type { CreateListingBody } from '../../../shared/api/listings';
import { InvalidStateError } from '../../lib/errors';
import type { AccountStateStore } from '../account-state/ports';
import { assertStoreOpen } from '../account-state/store-state';
import type { Clock } from '../clock/clock';
import type { ListingAnnouncer } from '../follows/new-listing-notices';
import { sortPriceOf, type ListingRecord } from './listing';
import {
  assertAuctionEndAhead,
  listingBodyFields,
  type ListingBodyFields,
  type ThumbnailRequests,
} from './listing-body';
import type { SettingsPort } from '../admin-settings/ports';
import { assertPhotoLimit } from './photo-limit';
import { assertMayPublish } from './publish-gate';
import { attachPhotos, releasePhotos, type PhotoStore } from './photos';
import { searchTermsFor } from './search-terms';
import { requireSeller, type SellerAccounts } from './seller';

/** Everything a listing stores (the record of the rules plus the wizard's extra fields). */
export type NewListing = ListingRecord &
  ListingBodyFields & { quantitySold: number; bidCount: number; updatedAt: string; version: number };

export interface ListingWriter {
  /** The listing and its search terms, in one transaction. */
  create(listing: NewListing, terms: string[]): Promise<void>;
}

export interface CreateListingDeps {
  accounts: SellerAccounts;
  /** An administrator's return decision the seller has not paid yet blocks new listings (decision 054). */
  returns: { owesRefund(sellerId: string): Promise<boolean> };
  /** A deactivated store lists nothing new until it is reactivated (decision 059). */
  states: Pick<AccountStateStore, 'get'>;
  writer: ListingWriter;
  photos: PhotoStore;
  thumbnails: ThumbnailRequests;
  /** The seller's followers hear of the new listing (decision 058). */
  followers: ListingAnnouncer;
  newId: () => string;
  clock: Clock;
  settings: Pick<SettingsPort, 'current'>;
}

/**
 * Creates a listing for the signed-in seller (spec part 3): the seller comes from the session, never from the body;
 * only sellers list (with require_kyc on, only verified ones: decision 069); an auction ends in the future; photos are
 * the seller's own checked uploads.
 */
export async function createListing(userId: string, body: CreateListingBody, deps: CreateListingDeps) {
  const user = await requireSeller(userId, deps.accounts);
  await assertStoreOpen(user.userId, deps.states);
  await assertMayPublish(user.userId, deps);
  if (await deps.returns.owesRefund(user.userId)) {
    throw new InvalidStateError(
      'unresolved_return',
      'Refund the buyer of your unresolved return before listing new items.',
    );
  }
  const at = deps.clock.now();
  if (body.endsAt !== undefined) assertAuctionEndAhead(body.endsAt, at);
  await assertPhotoLimit(body.photoKeys.length, deps.settings);
  const moved = new Map<string, string>();
  const { images, added } = await attachPhotos(userId, body.photoKeys, [], deps.photos, moved);
  const createdAt = at.toISOString();
  const listing: NewListing = {
    ...listingBodyFields(body),
    listingId: deps.newId(),
    sellerId: user.userId,
    sellerUsername: user.username,
    status: 'active',
    featured: false,
    bidCount: 0,
    quantitySold: 0,
    images,
    sortPriceCents: sortPriceOf(body),
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
  try {
    await deps.writer.create(listing, searchTermsFor(listing));
  } catch (error) {
    await releasePhotos(moved, deps.photos);
    throw error;
  }
  if (added.length) await deps.thumbnails.request(listing.listingId, added);
  await deps.followers.announce(listing, at);
  return { id: listing.listingId };
}
