import { z } from 'zod';
import { MARKETPLACE_CATEGORY_OPTIONS, LISTING_CATEGORY_NAMES } from '../domain/categories';
import {
  LISTING_CONDITIONS,
  LISTING_TYPES,
  MARKETPLACE_SORTS,
  MARKETPLACE_PAGE_SIZE,
  MAX_PAGE_SIZE,
  RETURN_POLICIES,
  SHIPPING_TYPES,
} from '../domain/listing';
import { defineContract } from './contract';

const cents = z.number().int().nonnegative();

export const listingImageSchema = z.object({
  /** The object's key in the media bucket (what the edit wizard sends back to keep the photo). */
  key: z.string(),
  /** Full-size image URL (served by the media origin). */
  url: z.string(),
  /** Small version for cards and thumbnails; the full image until a thumbnail exists. */
  thumbUrl: z.string(),
});
export type ListingImage = z.infer<typeof listingImageSchema>;

/** What a listing card shows (browse, home, store page). */
export const listingCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(LISTING_CATEGORY_NAMES),
  subcategory: z.string().nullable(),
  condition: z.enum(LISTING_CONDITIONS),
  listingType: z.enum(LISTING_TYPES),
  /** Fixed price; null for auctions. */
  priceCents: cents.nullable(),
  buyItNowPriceCents: cents.nullable(),
  startingBidCents: cents.nullable(),
  currentBidCents: cents.nullable(),
  bidCount: z.number().int().nonnegative(),
  hasReserve: z.boolean(),
  endsAt: z.string().nullable(),
  featured: z.boolean(),
  image: listingImageSchema.nullable(),
  seller: z.object({ id: z.string(), username: z.string() }),
  createdAt: z.string(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

const marketplaceCategory = z.enum(MARKETPLACE_CATEGORY_OPTIONS);

export const listListingsQuerySchema = z
  .object({
    search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
    category: marketplaceCategory.optional(),
    subcategory: z.string().trim().min(1).max(60).optional(),
    sort: z.enum(MARKETPLACE_SORTS).optional(),
    featured: z.enum(['true']).optional(),
    listingType: z.enum(LISTING_TYPES).optional(),
    condition: z.enum(LISTING_CONDITIONS).optional(),
    /** Price range in cents, on the price cards show (fixed price, else current bid, else starting bid). */
    minPriceCents: z.coerce.number().int().min(0).max(1e12).optional(),
    maxPriceCents: z.coerce.number().int().min(0).max(1e12).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MARKETPLACE_PAGE_SIZE),
    cursor: z.string().min(1).max(2048).optional(),
  })
  .strict()
  .refine((q) => q.minPriceCents === undefined || q.maxPriceCents === undefined || q.minPriceCents <= q.maxPriceCents, {
    message: 'The minimum price cannot be above the maximum',
    path: ['minPriceCents'],
  });
export type ListListingsQuery = z.infer<typeof listListingsQuerySchema>;

export const listingPageSchema = z.object({
  items: z.array(listingCardSchema),
  nextCursor: z.string().nullable(),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

export const listListings = defineContract({
  method: 'GET',
  path: '/api/listings',
  query: listListingsQuerySchema,
  response: listingPageSchema,
});

/** The listing page (/item/{id}, spec part 1 section 2.8): the card's fields and everything the seller entered. */
export const listingDetailSchema = listingCardSchema.extend({
  description: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  upc: z.string().nullable(),
  specifications: z.record(z.string(), z.string()),
  weightLbs: z.number().nullable(),
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
  /** Every image, the main one first. */
  images: z.array(listingImageSchema),
  acceptOffers: z.boolean(),
  /**
   * The seller's own terms, in the seller's view only (their edit form loads them). Everyone else gets neither key:
   * a buyer learns that offers are accepted and, from `hasReserve`, that there is a reserve, never the amounts.
   */
  minOfferCents: cents.nullable().optional(),
  reservePriceCents: cents.nullable().optional(),
  shippingType: z.enum(SHIPPING_TYPES),
  shippingCostCents: cents.nullable(),
  localPickup: z.boolean(),
  /** Where the item is: city and state (the ZIP too, for shipping estimates). */
  location: z.object({ zipCode: z.string(), city: z.string(), state: z.string() }).nullable(),
  /** Units listed in all (what the edit wizard shows). */
  quantity: z.number().int().positive(),
  /** Units still for sale. */
  quantityAvailable: z.number().int().nonnegative(),
  returnPolicy: z.enum(RETURN_POLICIES),
  /** The seller panel: the seller's public profile. */
  sellerInfo: z.object({
    username: z.string(),
    avatarUrl: z.string().nullable(),
    /** 'Verified Seller'. */
    verified: z.boolean(),
    rating: z.number().nullable(),
    reviewCount: z.number().int().nonnegative(),
    salesCount: z.number().int().nonnegative(),
    /** Public area only, e.g. "Austin, TX". */
    location: z.string().nullable(),
    joinedAt: z.string(),
  }),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const getListing = defineContract({
  method: 'GET',
  path: '/api/listings/{listingId}',
  params: z.object({ listingId: z.string().regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id') }).strict(),
  response: listingDetailSchema,
});
