import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * Listing photos (spec part 3 validation rules, decision 010): up to 8, images only, at most 5 MB each; the first is
 * the main image. The browser uploads each file straight to the media bucket with a presigned POST; the listing create
 * and edit routes then check every uploaded object themselves (size and first bytes) before attaching it.
 */
export const LISTING_PHOTO_MAX_COUNT = 8;
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
