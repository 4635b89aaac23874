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

export const STORE_NAME_MAX = 60;
export const STORE_DESCRIPTION_MAX = 1000;
export const STORE_BIO_MAX = 500;

/** Customize Store: empty texts clear a field. */
export const storeSettingsSchema = z
  .object({
    storeName: z.string().trim().max(STORE_NAME_MAX, `Store name must be ${STORE_NAME_MAX} characters or fewer`),
    storeDescription: z
      .string()
      .trim()
      .max(STORE_DESCRIPTION_MAX, `Store description must be ${STORE_DESCRIPTION_MAX} characters or fewer`),
    bio: z.string().trim().max(STORE_BIO_MAX, `Bio must be ${STORE_BIO_MAX} characters or fewer`),
    /**
     * A new banner: the key of an upload started with POST /api/listing-photos/uploads. Left out keeps the current
     * banner; null removes it.
     */
    bannerKey: z.string().min(1).max(300).nullable().optional(),
  })
  .strict();
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export const updateStore = defineContract({
  method: 'PUT',
  path: '/api/me/store',
  body: storeSettingsSchema,
  response: z.object({
    storeName: z.string().nullable(),
    storeDescription: z.string().nullable(),
    bio: z.string().nullable(),
    bannerUrl: z.string().nullable(),
  }),
});
