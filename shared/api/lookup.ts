import * as z from 'zod/mini';
import { LISTING_CATEGORY_NAMES } from '../domain/categories';
import { defineContract } from './contract';

/** Lookups of the sell wizard (spec part 3 "Location prefill" and "Lookups"; decision 009). */

export const ZIP_PATTERN = /^\d{5}$/;

export const lookupZip = defineContract({
  method: 'GET',
  path: '/api/lookup/zip/{zip}',
  params: z.strictObject({ zip: z.string().check(z.regex(ZIP_PATTERN, 'ZIP code must be exactly 5 digits')) }),
  response: z.object({
    zip: z.string(),
    city: z.string(),
    /** Two capital letters. */
    state: z.string(),
  }),
});

/**
 * Product lookup (spec part 3 "Product lookup"): a product name or a UPC, at least 3 characters for the automatic search.
 * Answers at most PRODUCT_LOOKUP_MAX_RESULTS products; none is a 200 with no items (the wizard says 'No Product Found').
 */
export const PRODUCT_LOOKUP_MIN_CHARS = 3;
export const PRODUCT_LOOKUP_MAX_RESULTS = 10;

export const productLookupResultSchema = z.object({
  productName: z.string(),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  /** The service's own category text, as it gave it. */
  category: z.nullable(z.string()),
  /** Our listing category that the service's category maps to, when one does. */
  listingCategory: z.nullable(z.enum(LISTING_CATEGORY_NAMES)),
  description: z.nullable(z.string()),
  /** UPC-A / EAN digits. */
  barcodeNumber: z.nullable(z.string()),
  weightLbs: z.nullable(z.number().check(z.positive())),
  dimensions: z.nullable(z.object({ length: z.number(), width: z.number(), height: z.number() })),
  /** Absolute http(s) image URLs, at most five. */
  images: z.array(z.string()).check(z.maxLength(5)),
});
export type ProductLookupResult = z.infer<typeof productLookupResultSchema>;

export const lookupProducts = defineContract({
  method: 'GET',
  path: '/api/lookup/products',
  query: z.strictObject({
    q: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Please enter a product name or UPC code'),
        z.maxLength(100, 'Search must be at most 100 characters'),
      ),
  }),
  response: z.object({ items: z.array(productLookupResultSchema).check(z.maxLength(PRODUCT_LOOKUP_MAX_RESULTS)) }),
});
