import * as z from 'zod/mini';
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
import { RESERVE_STATUSES } from '../domain/bids';
import { defineContract } from './contract';

const cents = z.number().check(z.int(), z.nonnegative());

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
  subcategory: z.nullable(z.string()),
  condition: z.enum(LISTING_CONDITIONS),
  listingType: z.enum(LISTING_TYPES),
  /** Fixed price; null for auctions. */
  priceCents: z.nullable(cents),
  buyItNowPriceCents: z.nullable(cents),
  startingBidCents: z.nullable(cents),
  currentBidCents: z.nullable(cents),
  bidCount: z.number().check(z.int(), z.nonnegative()),
  hasReserve: z.boolean(),
  endsAt: z.nullable(z.string()),
  featured: z.boolean(),
  image: z.nullable(listingImageSchema),
  seller: z.object({ id: z.string(), username: z.string() }),
  createdAt: z.string(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

const marketplaceCategory = z.enum(MARKETPLACE_CATEGORY_OPTIONS);

const priceFilter = z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1e12)));

export const listListingsQuerySchema = z
  .strictObject({
    search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
    category: z.optional(marketplaceCategory),
    subcategory: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
    sort: z.optional(z.enum(MARKETPLACE_SORTS)),
    featured: z.optional(z.enum(['true'])),
    listingType: z.optional(z.enum(LISTING_TYPES)),
    condition: z.optional(z.enum(LISTING_CONDITIONS)),
    /** Price range in cents, on the price cards show (fixed price, else current bid, else starting bid). */
    minPriceCents: priceFilter,
    maxPriceCents: priceFilter,
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), MARKETPLACE_PAGE_SIZE),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  })
  .check(
    z.refine(
      (q) => q.minPriceCents === undefined || q.maxPriceCents === undefined || q.minPriceCents <= q.maxPriceCents,
      { message: 'The minimum price cannot be above the maximum', path: ['minPriceCents'] },
    ),
  );
export type ListListingsQuery = z.infer<typeof listListingsQuerySchema>;

export const listingPageSchema = z.object({
  items: z.array(listingCardSchema),
  nextCursor: z.nullable(z.string()),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

export const listListings = defineContract({
  method: 'GET',
  path: '/api/listings',
  query: listListingsQuerySchema,
  response: listingPageSchema,
});

/**
 * The listing page (/item/{id}, spec part 1 "Listing detail page"): the card's fields and everything the seller
 * entered.
 */
export const listingDetailSchema = z.extend(listingCardSchema, {
  description: z.string(),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  upc: z.nullable(z.string()),
  specifications: z.record(z.string(), z.string()),
  weightLbs: z.nullable(z.number()),
  dimensions: z.nullable(z.object({ length: z.number(), width: z.number(), height: z.number() })),
  /** Every image, the main one first. */
  images: z.array(listingImageSchema),
  acceptOffers: z.boolean(),
  /** An auction's hidden reserve as anyone may see it ('Reserve met' / 'Reserve not met'); 'none' otherwise. */
  reserveStatus: z.enum(RESERVE_STATUSES),
  /** Whether the signed-in viewer leads the auction; null for a visitor or a fixed-price listing. */
  viewerLeads: z.nullable(z.boolean()),
  /**
   * The seller's own terms, in the seller's view only (their edit form loads them). Everyone else gets neither key:
   * a buyer learns that offers are accepted and, from `hasReserve`, that there is a reserve, never the amounts.
   */
  minOfferCents: z.optional(z.nullable(cents)),
  reservePriceCents: z.optional(z.nullable(cents)),
  shippingType: z.enum(SHIPPING_TYPES),
  shippingCostCents: z.nullable(cents),
  localPickup: z.boolean(),
  /** Where the item is: city and state (the ZIP too, for shipping estimates). */
  location: z.nullable(z.object({ zipCode: z.string(), city: z.string(), state: z.string() })),
  /** Units listed in all (what the edit wizard shows). */
  quantity: z.number().check(z.int(), z.positive()),
  /** Units still for sale. */
  quantityAvailable: z.number().check(z.int(), z.nonnegative()),
  /**
   * 'sold' once every unit is sold (an auction: once won): still shown (its buyers follow their purchase there), never
   * for sale again. 'ended': an auction that ended without a sale (or whose winner did not pay), shown as Ended.
   */
  status: z.enum(['active', 'sold', 'ended']),
  returnPolicy: z.enum(RETURN_POLICIES),
  /** The seller panel: the seller's public profile. */
  sellerInfo: z.object({
    username: z.string(),
    avatarUrl: z.nullable(z.string()),
    /** 'Verified Seller'. */
    verified: z.boolean(),
    rating: z.nullable(z.number()),
    reviewCount: z.number().check(z.int(), z.nonnegative()),
    salesCount: z.number().check(z.int(), z.nonnegative()),
    /** Public area only, e.g. "Austin, TX". */
    location: z.nullable(z.string()),
    joinedAt: z.string(),
  }),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const getListing = defineContract({
  method: 'GET',
  path: '/api/listings/{listingId}',
  params: z.strictObject({ listingId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id')) }),
  response: listingDetailSchema,
});
