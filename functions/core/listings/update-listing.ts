import type { CreateListingBody } from '../../../shared/api/listings';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { NewListing } from './create-listing';
import { sortPriceOf } from './listing';
import { assertAuctionEndAhead, listingBodyFields, type ThumbnailRequests } from './listing-body';
import type { SettingsPort } from '../admin-settings/ports';
import { assertPhotoLimit } from './photo-limit';
import { attachPhotos, releasePhotos, type AttachedPhotos, type PhotoStore } from './photos';
import { searchTermsFor } from './search-terms';
import { requireSeller, type SellerAccounts } from './seller';

/** A stored listing with what only the server sets (auction state, sales, flags) and its write version. */
export type StoredListing = NewListing & {
  currentBidCents?: number;
  leaderId?: string;
  tags?: string[];
  /** Units held by orders awaiting the buyer's signature. */
  quantityReserved?: number;
};

export interface ListingEditStore {
  get(listingId: string): Promise<StoredListing | null>;
  /**
   * Writes `next` in place of `current` if it is still at that version, active and the seller's, with its search terms
   * and browse facets changed, all in one transaction; false when the listing changed meanwhile.
   */
  replace(next: StoredListing, current: StoredListing, terms: { add: string[]; remove: string[] }): Promise<boolean>;
}

export interface UpdateListingDeps {
  accounts: SellerAccounts;
  store: ListingEditStore;
  photos: PhotoStore;
  thumbnails: ThumbnailRequests;
  clock: Clock;
  settings: Pick<SettingsPort, 'current'>;
}

/** A write that lost a race (a bid, a thumbnail, another edit) is retried on the fresh listing this many times. */
const ATTEMPTS = 3;

/**
 * Edits an active listing of the seller's with the whole wizard body (spec part 3, /sell?edit={id}). What only the
 * server sets stays: seller, status, featured, bids, sales, creation time. An auction with bids is no longer edited: its
 * bidders bid on what it said.
 */
export async function updateListing(
  userId: string,
  listingId: string,
  body: CreateListingBody,
  deps: UpdateListingDeps,
) {
  await requireSeller(userId, deps.accounts);
  await assertPhotoLimit(body.photoKeys.length, deps.settings);
  // Uploads moved under the listing by any attempt; they go back if the edit is not saved in the end.
  const moved = new Map<string, string>();
  let photos: AttachedPhotos;
  try {
    photos = await saveEdit(userId, listingId, body, deps, moved);
  } catch (error) {
    await releasePhotos(moved, deps.photos);
    throw error;
  }
  if (photos.added.length) await deps.thumbnails.request(listingId, photos.added);
  if (photos.dropped.length) await deps.photos.remove(photos.dropped);
  return { id: listingId };
}

/** Writes the edit, again on the fresh listing after a lost race; the photos attached when it is saved. */
async function saveEdit(
  userId: string,
  listingId: string,
  body: CreateListingBody,
  deps: UpdateListingDeps,
  moved: Map<string, string>,
): Promise<AttachedPhotos> {
  for (let attempt = 1; ; attempt++) {
    const current = await deps.store.get(listingId);
    if (!current || current.status === 'deleted') throw new NotFoundError('Listing not found');
    if (current.sellerId !== userId) throw new ForbiddenError('Only the seller can edit this listing');
    if (current.status !== 'active') throw new ConflictError('Only active listings can be edited');
    if ((current.bidCount ?? 0) > 0) throw new ConflictError('This auction has bids and can no longer be edited');
    const fields = listingBodyFields(body);
    if (fields.endsAt !== undefined && fields.endsAt !== current.endsAt)
      assertAuctionEndAhead(fields.endsAt, deps.clock.now());
    if (fields.quantity <= current.quantitySold) {
      throw new BadRequestError(`Quantity must be above the ${current.quantitySold} already sold`, {
        quantity: `At least ${current.quantitySold + 1}`,
      });
    }
    const reserved = current.quantityReserved ?? 0;
    if (fields.quantity < current.quantitySold + reserved) {
      const least = current.quantitySold + reserved;
      throw new BadRequestError(`Quantity must be at least ${least}: buyers are paying for ${reserved} now`, {
        quantity: `At least ${least}`,
      });
    }
    const photos = await attachPhotos(userId, body.photoKeys, current.images ?? [], deps.photos, moved);
    const next: StoredListing = {
      ...fields,
      listingId,
      sellerId: current.sellerId,
      sellerUsername: current.sellerUsername,
      status: current.status,
      featured: current.featured ?? false,
      bidCount: current.bidCount ?? 0,
      quantitySold: current.quantitySold,
      quantityReserved: reserved,
      ...(current.tags ? { tags: current.tags } : {}),
      images: photos.images,
      sortPriceCents: sortPriceOf(fields),
      createdAt: current.createdAt,
      updatedAt: deps.clock.now().toISOString(),
      version: current.version + 1,
    };
    const before = new Set(searchTermsFor(current));
    const after = new Set(searchTermsFor(next));
    const terms = { add: [...after].filter((t) => !before.has(t)), remove: [...before].filter((t) => !after.has(t)) };
    if (await deps.store.replace(next, current, terms)) return photos;
    if (attempt === ATTEMPTS) throw new ConflictError('The listing changed while saving; try again');
  }
}
