import * as z from 'zod/mini';
import { defineContract } from './contract';
import { listingCardSchema } from './listings';

/** The signed-in user's wishlist (spec part 1 sections 2.2 and 5.6, part 2 "Wishlist page"). */

/** A wishlist holds at most this many listings; adding more answers 409. */
export const WISHLIST_MAX_ITEMS = 500;

const listingId = z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id'));

export const wishlistEntrySchema = z.object({
  listingId: z.string(),
  addedAt: z.string(),
  /** The listing as a card; null once it is no longer active (sold, ended, deleted). */
  listing: z.nullable(listingCardSchema),
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
