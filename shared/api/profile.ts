import { z } from 'zod';
import { ADDRESS_COUNTRIES } from '../domain/address';
import { defineContract } from './contract';

/** Profile settings, avatar upload and wallet balances (spec part 3 /settings and /wallet). */

const text = (max: number) => z.string().trim().max(max);

export const postalAddressSchema = z
  .object({
    country: z.enum(ADDRESS_COUNTRIES),
    street: text(200).min(1, 'Street is required'),
    city: text(100).min(1, 'City is required'),
    state: text(100),
    postalCode: text(20),
  })
  .strict();

export const profileSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: postalAddressSchema.nullable(),
  returnAddress: postalAddressSchema.nullable(),
  useDifferentReturnAddress: z.boolean(),
  isSeller: z.boolean(),
  avatarUrl: z.string().nullable(),
  /** Full name, email and phone are all filled. */
  profileComplete: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const getProfile = defineContract({ method: 'GET', path: '/api/me/profile', response: profileSchema });

export const profileUpdateSchema = z
  .object({
    fullName: text(100).min(1, 'Full name is required'),
    email: text(254).pipe(z.email('Enter a valid email address')),
    phone: text(30)
      .min(1, 'Phone is required')
      .regex(/^[0-9+()\-.\s]{5,30}$/, 'Enter a valid phone number'),
    address: postalAddressSchema.nullable(),
    returnAddress: postalAddressSchema.nullable(),
    useDifferentReturnAddress: z.boolean(),
    isSeller: z.boolean(),
  })
  .strict()
  .refine((p) => !p.useDifferentReturnAddress || p.returnAddress !== null, {
    message: 'Enter the return address or turn off the separate return address',
    path: ['returnAddress'],
  });

export const updateProfile = defineContract({
  method: 'PUT',
  path: '/api/me/profile',
  body: profileUpdateSchema,
  response: profileSchema,
});

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** A presigned POST straight to the media bucket; S3 enforces the type and size. */
export const startAvatarUpload = defineContract({
  method: 'POST',
  path: '/api/me/avatar-upload',
  body: z
    .object({
      contentType: z.enum(AVATAR_CONTENT_TYPES, 'Please choose an image file'),
      size: z.number().int().positive().max(AVATAR_MAX_BYTES, 'Image must be 5 MB or smaller'),
    })
    .strict(),
  response: z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() }),
});

/** Makes an uploaded object the avatar once the server has checked it exists, is an image and is small enough. */
export const setAvatar = defineContract({
  method: 'PUT',
  path: '/api/me/avatar',
  body: z.object({ key: z.string().min(1).max(300) }).strict(),
  response: profileSchema,
});

export const walletBalanceSchema = z.object({
  /** 'XRP', 'RLUSD' or another currency code. */
  currency: z.string(),
  /** The ledger's exact decimal text (XRP in XRP, not drops). */
  value: z.string(),
  /** RLUSD in cents, truncated; null for other currencies. */
  cents: z.number().int().nullable(),
  /** Issuer of a token; null for XRP. */
  issuer: z.string().nullable(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const getWalletBalances = defineContract({
  method: 'GET',
  path: '/api/wallet/balances',
  response: z.object({
    walletAddress: z.string(),
    balances: z.array(walletBalanceSchema),
    /** The account on the explorer of the configured network (the local node serves its own). */
    explorerUrl: z.string(),
  }),
});
