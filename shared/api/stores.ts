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

export const REVIEW_TRANSACTION_TYPES = ['buy', 'other'] as const;
export const STORE_REVIEWS_PAGE_SIZE = 20;

/** A stored review as the store page's Reviews tab shows it. */
export const storeReviewSchema = z.object({
  id: z.string(),
  /** Whole stars, 1 to 5. */
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  transactionType: z.enum(REVIEW_TRANSACTION_TYPES),
  reviewer: z.object({ username: z.string(), avatarUrl: z.string().nullable() }),
});
export type StoreReview = z.infer<typeof storeReviewSchema>;

/** The seller's reviews, newest first, a page at a time. */
export const listStoreReviews = defineContract({
  method: 'GET',
  path: '/api/stores/{username}/reviews',
  params: z.object({ username: z.string().min(1).max(40) }).strict(),
  query: z.object({ cursor: z.string().min(1).max(2000).optional() }).strict(),
  response: z.object({ items: z.array(storeReviewSchema), cursor: z.string().nullable() }),
});
