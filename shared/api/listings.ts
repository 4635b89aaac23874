import { MAX_LISTING_IMAGES_RANGE } from '../domain/admin-settings';
import * as z from 'zod/mini';
import { LISTING_CATEGORIES, MARKETPLACE_CATEGORY_OPTIONS, LISTING_CATEGORY_NAMES } from '../domain/categories';
import {
  LISTING_CONDITIONS,
  LISTING_STATUSES,
  LISTING_TYPES,
  MARKETPLACE_SORTS,
  MARKETPLACE_PAGE_SIZE,
  MAX_PAGE_SIZE,
  RETURN_POLICIES,
  SHIPPING_TYPES,
} from '../domain/listing';
import { RESERVE_STATUSES } from '../domain/bids';
import { withinAmountLimit } from './amount-limit';
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
    /** The seller takes new conversations (decision 057); when not, Contact Seller is disabled with the reason. */
    acceptsMessages: z.boolean(),
  }),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const getListing = defineContract({
  method: 'GET',
  path: '/api/listings/{listingId}',
  params: z.strictObject({ listingId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id')) }),
  response: listingDetailSchema,
});

export const SHIPPING_ESTIMATE_SOURCES = ['carrier', 'fallback'] as const;

/**
 * The listing page's shipping estimate for calculated shipping (spec part 1 "Function shipping-estimate" and business
 * constants; decision 051): one unit from the seller's ZIP to the signed-in viewer's saved ZIP.
 */
export const listingShippingEstimateSchema = z.object({
  costCents: cents,
  /** 'carrier': the carrier's rate (Ground preferred); 'fallback': the carrier failed and the spec's 8.99 stands in. */
  source: z.enum(SHIPPING_ESTIMATE_SOURCES),
  /** The carrier service quoted (e.g. 'FedEx Ground'); null for the fallback. */
  serviceName: z.nullable(z.string()),
  fromZip: z.string(),
  toZip: z.string(),
  /** The viewer has no saved US ZIP: the estimate is to the default ZIP (90210). */
  toDefaultZip: z.boolean(),
});
export type ListingShippingEstimate = z.infer<typeof listingShippingEstimateSchema>;

export const getListingShippingEstimate = defineContract({
  method: 'GET',
  path: '/api/listings/{listingId}/shipping-estimate',
  params: z.strictObject({ listingId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id')) }),
  response: listingShippingEstimateSchema,
});

/**
 * Listing photos (spec part 3 validation rules, decision 010): up to max_listing_images (decision 063), images only, at most 5 MB each; the first is
 * the main image. The browser uploads each file straight to the media bucket with a presigned POST; the listing create
 * and edit routes then check every uploaded object themselves (size and first bytes) before attaching it.
 */
export const LISTING_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Lookup auto-fill keeps at most this many product images. */
export const LOOKUP_PHOTO_MAX_COUNT = 5;
export const LISTING_PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ListingPhotoContentType = (typeof LISTING_PHOTO_CONTENT_TYPES)[number];

/** A key in the media bucket: letters, digits and a few separators, never `..`. */
export const mediaKeySchema = z.string().check(
  z.minLength(1),
  z.maxLength(200),
  z.regex(/^[A-Za-z0-9/_.-]+$/, 'Not a photo key'),
  z.refine((k) => !k.includes('..'), 'Not a photo key'),
);

export const startListingPhotoUpload = defineContract({
  method: 'POST',
  path: '/api/listing-photos/uploads',
  body: z.strictObject({
    contentType: z.enum(LISTING_PHOTO_CONTENT_TYPES, 'Please choose an image file'),
    size: z.number().check(z.int(), z.positive(), z.lte(LISTING_PHOTO_MAX_BYTES, 'Image must be 5 MB or smaller')),
  }),
  /** A presigned POST: send `fields` and then the file as form data to `url`; `key` goes into the listing. */
  response: z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() }),
});

/**
 * Copies a product-lookup image into the seller's uploads, so lookup photos go through the same checks as uploaded ones
 * and a listing never hot-links a third-party host. `url` is an absolute http(s) URL as the lookup returned it.
 */
export const importListingPhoto = defineContract({
  method: 'POST',
  path: '/api/listing-photos/imports',
  body: z.strictObject({
    url: z.url({ protocol: /^https?$/, error: 'Not an image address' }).check(z.maxLength(2048)),
  }),
  response: z.object({ key: z.string(), url: z.string() }),
});

/**
 * What the sell wizard sends (spec part 3 "Create listing wizard" and its validation rules). The browser checks it with
 * this schema before sending; the server checks it again and takes the seller from the session. Money is integer cents.
 */
export const LISTING_TITLE_MAX = 80;
export const LISTING_DESCRIPTION_MAX = 5000;
export const LISTING_QUANTITY_MAX = 9999;

/** Prices: at least $0.01 (the wizard's step and minimum), at most the money limit. */
const price = z
  .number()
  .check(z.int('Amounts are whole cents'), z.gte(1, 'Must be at least $0.01'), withinAmountLimit());
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

export const listingLocationSchema = z.strictObject({
  zipCode: z.string().check(z.trim(), z.regex(/^\d{5}$/, 'ZIP code must be exactly 5 digits')),
  city: z.string().check(z.trim(), z.minLength(1, 'City is required'), z.maxLength(100)),
  state: z.pipe(
    z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'State must be 2 letters')),
    z.transform((s) => s.toUpperCase()),
  ),
});

/** Package sizes: a hundredth is the finest step that means anything (and far smaller numbers don't fit DynamoDB). */
const dimension = z.number().check(z.gte(0.01, 'Must be at least 0.01'), z.lte(1000));

export const createListingBodySchema = z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(LISTING_TITLE_MAX)),
    description: z
      .string()
      .check(z.trim(), z.minLength(1, 'Description is required'), z.maxLength(LISTING_DESCRIPTION_MAX)),
    category: z.enum(LISTING_CATEGORY_NAMES, 'Category is required'),
    subcategory: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
    condition: z.enum(LISTING_CONDITIONS, 'Condition is required'),
    brand: optionalText(60),
    model: optionalText(60),
    upc: z.optional(z.string().check(z.trim(), z.regex(/^\d{8,14}$/, 'UPC must be 8 to 14 digits'))),
    /** The category-specific Details fields (color, storage, size, ...). */
    specifications: z._default(
      z
        .record(
          z.string().check(
            z.trim(),
            z.minLength(1),
            z.maxLength(40),
            // Names an object already has (constructor, __proto__, ...) would change what the stored map is.
            z.refine((name) => !(name in Object.prototype) && name !== 'prototype', 'Not a specification name'),
          ),
          z.string().check(z.trim(), z.maxLength(200)),
        )
        .check(z.refine((s) => Object.keys(s).length <= 30, 'At most 30 specifications')),
      {},
    ),
    weightLbs: z.optional(z.number().check(z.gte(0.01, 'Must be at least 0.01'), z.lte(2000))),
    dimensions: z.optional(z.strictObject({ length: dimension, width: dimension, height: dimension })),
    listingType: z.enum(LISTING_TYPES),
    priceCents: z.optional(price),
    acceptOffers: z._default(z.boolean(), false),
    minOfferCents: z.optional(price),
    startingBidCents: z.optional(price),
    buyItNowPriceCents: z.optional(price),
    reservePriceCents: z.optional(price),
    /** ISO-8601; checked against the server's clock (not in the past). */
    endsAt: z.optional(z.iso.datetime({ offset: true })),
    quantity: z._default(
      z.number().check(z.int(), z.gte(1, 'Quantity must be at least 1'), z.lte(LISTING_QUANTITY_MAX)),
      1,
    ),
    shippingType: z._default(z.enum(SHIPPING_TYPES), 'calculated'),
    shippingCostCents: z.optional(z.number().check(z.int('Amounts are whole cents'), z.gte(0), withinAmountLimit())),
    localPickup: z._default(z.boolean(), false),
    location: listingLocationSchema,
    returnPolicy: z._default(z.enum(RETURN_POLICIES), '30_days'),
    /** Uploaded photo keys in display order (the first is the main image); checked on the server before attaching. */
    photoKeys: z._default(
      z.array(mediaKeySchema).check(
        // The most any setting allows; the server checks the administrators' current limit (decision 063).
        z.maxLength(MAX_LISTING_IMAGES_RANGE.max, `At most ${MAX_LISTING_IMAGES_RANGE.max} photos`),
        z.refine((keys) => new Set(keys).size === keys.length, 'A photo is listed twice'),
      ),
      [],
    ),
  })
  .check(
    z.superRefine((l, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (l.subcategory && !(LISTING_CATEGORIES[l.category] as readonly string[]).includes(l.subcategory)) {
        issue('subcategory', `Not a subcategory of ${l.category}`);
      }
      if (l.listingType === 'fixed') {
        if (l.priceCents === undefined) issue('priceCents', 'Price is required');
        for (const f of ['startingBidCents', 'buyItNowPriceCents', 'reservePriceCents', 'endsAt'] as const) {
          if (l[f] !== undefined) issue(f, 'Only auctions have this');
        }
        if (l.minOfferCents !== undefined && !l.acceptOffers) issue('minOfferCents', 'Only with offers accepted');
        if (l.minOfferCents !== undefined && l.priceCents !== undefined && l.minOfferCents > l.priceCents) {
          issue('minOfferCents', 'The minimum offer cannot be above the price');
        }
      } else {
        if (l.startingBidCents === undefined) issue('startingBidCents', 'Starting Bid is required');
        if (l.endsAt === undefined) issue('endsAt', 'Auction End Date is required');
        for (const f of ['priceCents', 'minOfferCents'] as const)
          if (l[f] !== undefined) issue(f, 'Only fixed-price listings have this');
        if (l.acceptOffers) issue('acceptOffers', 'Only fixed-price listings take offers');
        const start = l.startingBidCents ?? 0;
        if (l.buyItNowPriceCents !== undefined && l.buyItNowPriceCents <= start) {
          issue('buyItNowPriceCents', 'Buy It Now must be above the starting bid');
        }
        if (l.reservePriceCents !== undefined && l.reservePriceCents < start) {
          issue('reservePriceCents', 'The reserve cannot be below the starting bid');
        }
      }
      if (l.shippingType === 'flat' && l.shippingCostCents === undefined)
        issue('shippingCostCents', 'Shipping cost is required');
      if (l.shippingType !== 'flat' && l.shippingCostCents !== undefined)
        issue('shippingCostCents', 'Only flat shipping has a cost');
      if (l.localPickup && l.shippingType !== 'calculated' && l.shippingType !== 'flat') {
        issue('localPickup', 'Local pickup is offered next to calculated or flat shipping');
      }
    }),
  );
export type CreateListingBody = z.infer<typeof createListingBodySchema>;

export const createListing = defineContract({
  method: 'POST',
  path: '/api/listings',
  body: createListingBodySchema,
  response: z.object({ id: z.string() }),
});

const listingIdParams = z.strictObject({
  listingId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id')),
});

/**
 * Edits an active listing of the caller's (/sell?edit={id}): the whole wizard again, same schema, same checks. Photo keys
 * already on the listing stay; new ones are checked like on create; dropped ones are removed.
 */
export const updateListing = defineContract({
  method: 'PUT',
  path: '/api/listings/{listingId}',
  params: listingIdParams,
  body: createListingBodySchema,
  response: z.object({ id: z.string() }),
});

/** The seller portal's My Listings: own listings newest first, every status (spec part 3 seller portal). */
export const myListingSchema = z.extend(listingCardSchema, { status: z.enum(LISTING_STATUSES) });
export type MyListing = z.infer<typeof myListingSchema>;

export const listMyListings = defineContract({
  method: 'GET',
  path: '/api/me/listings',
  response: z.object({ items: z.array(myListingSchema) }),
});

/** Ends an active listing of the caller's at once: it leaves browse, search and the store page. */
export const endListing = defineContract({
  method: 'POST',
  path: '/api/listings/{listingId}/end',
  params: listingIdParams,
  body: z.strictObject({}),
  response: z.object({ id: z.string(), status: z.literal('ended') }),
});
