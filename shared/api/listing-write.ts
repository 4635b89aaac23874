import * as z from 'zod/mini';
import { LISTING_CATEGORIES, LISTING_CATEGORY_NAMES } from '../domain/categories';
import {
  LISTING_CONDITIONS,
  LISTING_STATUSES,
  LISTING_TYPES,
  RETURN_POLICIES,
  SHIPPING_TYPES,
} from '../domain/listing';
import { withinAmountLimit } from './amount-limit';
import { defineContract } from './contract';
import { LISTING_PHOTO_MAX_COUNT, mediaKeySchema } from './listing-photos';
import { listingCardSchema } from './listings';

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
        z.maxLength(LISTING_PHOTO_MAX_COUNT, `At most ${LISTING_PHOTO_MAX_COUNT} photos`),
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
