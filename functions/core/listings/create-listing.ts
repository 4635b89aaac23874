import type { CreateListingBody } from '../../../shared/api/listing-write';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AccountStore } from '../auth/ports';
import { sortPriceOf, type ListingRecord } from './listing';
import { searchTermsFor } from './search-terms';

/** An auction must run at least this long (a date "not in the past" that ends before anyone can bid is no auction). */
export const MIN_AUCTION_MINUTES = 5;

/** Everything a new listing stores (the record of the rules plus the wizard's extra fields). */
export type NewListing = ListingRecord &
  Omit<CreateListingBody, 'endsAt' | 'photoKeys'> & { quantitySold: number; bidCount: number; updatedAt: string };

export interface ListingWriter {
  /** The listing and its search terms, in one transaction. */
  create(listing: NewListing, terms: string[]): Promise<void>;
}

export interface CreateListingDeps {
  accounts: Pick<AccountStore, 'user' | 'profileFlags'>;
  writer: ListingWriter;
  newId: () => string;
  now: Date;
}

/**
 * Creates a listing for the signed-in seller (spec part 3): the seller comes from the session, never from the body;
 * only sellers list; an auction ends in the future.
 */
export async function createListing(userId: string, body: CreateListingBody, deps: CreateListingDeps) {
  const user = await deps.accounts.user(userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  if (!(await deps.accounts.profileFlags(userId)).isSeller) {
    throw new ForbiddenError('Only sellers can list items: turn on selling in your profile settings');
  }
  if (body.endsAt !== undefined && Date.parse(body.endsAt) < deps.now.getTime() + MIN_AUCTION_MINUTES * 60_000) {
    throw new BadRequestError('The auction end date cannot be in the past', {
      endsAt: `Choose a time at least ${MIN_AUCTION_MINUTES} minutes from now`,
    });
  }
  const at = deps.now.toISOString();
  const { endsAt, photoKeys: _photos, ...rest } = body;
  const listing: NewListing = {
    ...rest,
    listingId: deps.newId(),
    sellerId: user.userId,
    sellerUsername: user.username,
    status: 'active',
    featured: false,
    bidCount: 0,
    quantitySold: 0,
    images: [],
    ...(endsAt ? { endsAt: new Date(endsAt).toISOString() } : {}),
    sortPriceCents: sortPriceOf(body),
    createdAt: at,
    updatedAt: at,
  };
  await deps.writer.create(listing, searchTermsFor(listing));
  return { id: listing.listingId };
}
