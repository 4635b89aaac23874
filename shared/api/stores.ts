import { z } from 'zod';
import { defineContract } from './contract';
import { listingCardSchema } from './listings';

/** A seller's public store page (/user/{username}, spec part 3 "Store page"). */
export const storeSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  storeName: z.string().nullable(),
  storeDescription: z.string().nullable(),
  bio: z.string().nullable(),
  /** 'Verified Seller' badge. */
  isSeller: z.boolean(),
  /** Average of the stored reviews, one decimal; null without reviews ('No ratings yet'). */
  rating: z.number().nullable(),
  reviewCount: z.number().int().nonnegative(),
  salesCount: z.number().int().nonnegative(),
  /** Public area only, e.g. "Austin, TX". */
  location: z.string().nullable(),
  joinedAt: z.string(),
  /** The seller's active listings, newest first. */
  listings: z.array(listingCardSchema),
});
export type Store = z.infer<typeof storeSchema>;

export const getStore = defineContract({
  method: 'GET',
  path: '/api/stores/{username}',
  params: z.object({ username: z.string().min(1).max(40) }).strict(),
  response: storeSchema,
});
