import * as z from 'zod/mini';
import { defineContract } from './contract';
import { listingCardSchema } from './listings';

/** The signed-in user's wishlist (spec part 1 "Header" and "Contact seller and wishlist", part 2 "Wishlist page"). */

/** A wishlist holds at most this many listings; adding more answers 409. */
export const WISHLIST_MAX_ITEMS = 500;

const listingId = z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id'));

/**
 * Where a saved listing stands, as its page says: 'active' (it can be bought or bid on), 'sold' (sold out, or an auction
 * won), 'ended' (an auction that closed unsold).
 */
export const WISHLIST_LISTING_STATUSES = ['active', 'sold', 'ended'] as const;

/** A saved listing: its card and where it stands. */
export const wishlistListingSchema = z.extend(listingCardSchema, { status: z.enum(WISHLIST_LISTING_STATUSES) });
export type WishlistListing = z.infer<typeof wishlistListingSchema>;

export const wishlistEntrySchema = z.object({
  listingId: z.string(),
  addedAt: z.string(),
  /** The listing while its page can be opened (see WISHLIST_LISTING_STATUSES); null once it is gone (ended by its seller, deleted). */
  listing: z.nullable(wishlistListingSchema),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

export const getWishlist = defineContract({
  method: 'GET',
  path: '/api/me/wishlist',
  response: z.object({
    /** Newest first. */
    items: z.array(wishlistEntrySchema),
    count: z.number().check(z.int(), z.nonnegative()),
  }),
});

export const addToWishlist = defineContract({
  method: 'PUT',
  path: '/api/me/wishlist/{listingId}',
  params: z.strictObject({ listingId }),
  body: z.strictObject({}),
  response: z.object({ listingId: z.string(), added: z.boolean(), count: z.number().check(z.int(), z.nonnegative()) }),
});

export const removeFromWishlist = defineContract({
  method: 'DELETE',
  path: '/api/me/wishlist/{listingId}',
  params: z.strictObject({ listingId }),
  response: z.object({
    listingId: z.string(),
    removed: z.boolean(),
    count: z.number().check(z.int(), z.nonnegative()),
  }),
});
