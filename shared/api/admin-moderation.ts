import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * The admin Moderation tab (decision 066): listings featured or hidden, users suspended, each with a reason that the
 * audit log keeps (and a hidden listing's seller is told).
 */

/** What others get for a listing an administrator hid. */
export const LISTING_UNAVAILABLE = 'This listing is unavailable';
/** What a suspended account gets at sign-in. */
export const ACCOUNT_SUSPENDED = 'This account is suspended';

export const MODERATION_REASON_MAX = 500;

const reason = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Please give a reason.'),
    z.maxLength(MODERATION_REASON_MAX, 'The reason can be at most 500 characters.'),
  );

export const LISTING_MODERATIONS = ['feature', 'unfeature', 'hide', 'unhide'] as const;
export type ListingModeration = (typeof LISTING_MODERATIONS)[number];
export const USER_MODERATIONS = ['suspend', 'unsuspend'] as const;
export type UserModeration = (typeof USER_MODERATIONS)[number];

export const moderatedListingSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  sellerId: z.string(),
  status: z.string(),
  featured: z.boolean(),
  hidden: z.boolean(),
});
export type ModeratedListing = z.infer<typeof moderatedListingSchema>;

export const moderatedUserSchema = z.object({
  userId: z.string(),
  username: z.string(),
  suspended: z.boolean(),
  suspendedReason: z.nullable(z.string()),
});
export type ModeratedUser = z.infer<typeof moderatedUserSchema>;

/** Features, unfeatures, hides or unhides one listing (administrators only; audited). */
export const moderateListing = defineContract({
  method: 'POST',
  path: '/api/admin/listings/{listingId}/moderation',
  params: z.strictObject({
    listingId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id')),
  }),
  body: z.strictObject({ action: z.enum(LISTING_MODERATIONS, 'Choose an action.'), reason }),
  response: moderatedListingSchema,
});

/** Suspends or unsuspends one user, named by username (administrators only; audited). */
export const moderateUser = defineContract({
  method: 'POST',
  path: '/api/admin/users/moderation',
  body: z.strictObject({
    username: z.string().check(z.trim(), z.minLength(1, 'Please enter a username.'), z.maxLength(64)),
    action: z.enum(USER_MODERATIONS, 'Choose an action.'),
    reason,
  }),
  response: moderatedUserSchema,
});

export const sellerVerificationSchema = z.object({
  userId: z.string(),
  username: z.string(),
  /** The 'Verified Seller' mark: with require_kyc on, only a verified seller publishes listings (decision 069). */
  verified: z.boolean(),
});
export type SellerVerification = z.infer<typeof sellerVerificationSchema>;

/** Marks a seller verified or not, by username (administrators only; audited). Setting the same mark changes nothing. */
export const setSellerVerification = defineContract({
  method: 'PUT',
  path: '/api/admin/users/{username}/verification',
  params: z.strictObject({ username: z.string().check(z.regex(/^[A-Za-z0-9_]{3,29}$/, 'Not a username')) }),
  body: z.strictObject({ verified: z.boolean('Choose verified or not verified.'), reason }),
  response: sellerVerificationSchema,
});
