import * as z from 'zod/mini';
import { ADDRESS_COUNTRIES } from '../domain/address';
import { defineContract } from './contract';

/** Profile settings and avatar upload (spec part 3 /settings). */

/** Trimmed text of at most `max` characters, then any further checks. */
const text = (max: number, ...more: z.core.$ZodCheck<string>[]) =>
  z.string().check(z.trim(), z.maxLength(max), ...more);

export const postalAddressSchema = z.strictObject({
  country: z.enum(ADDRESS_COUNTRIES),
  street: text(200, z.minLength(1, 'Street is required')),
  city: text(100, z.minLength(1, 'City is required')),
  state: text(100),
  postalCode: text(20),
});

export const profileSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.nullable(postalAddressSchema),
  returnAddress: z.nullable(postalAddressSchema),
  useDifferentReturnAddress: z.boolean(),
  isSeller: z.boolean(),
  avatarUrl: z.nullable(z.string()),
  /** Full name, email and phone are all filled. */
  profileComplete: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const getProfile = defineContract({ method: 'GET', path: '/api/me/profile', response: profileSchema });

export const profileUpdateSchema = z
  .strictObject({
    fullName: text(100, z.minLength(1, 'Full name is required')),
    email: z.pipe(text(254), z.email('Enter a valid email address')),
    phone: text(
      30,
      z.minLength(1, 'Phone is required'),
      z.regex(/^[0-9+()\-.\s]{5,30}$/, 'Enter a valid phone number'),
    ),
    address: z.nullable(postalAddressSchema),
    returnAddress: z.nullable(postalAddressSchema),
    useDifferentReturnAddress: z.boolean(),
    isSeller: z.boolean(),
  })
  .check(
    z.refine((p) => !p.useDifferentReturnAddress || p.returnAddress !== null, {
      message: 'Enter the return address or turn off the separate return address',
      path: ['returnAddress'],
    }),
  );

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
  body: z.strictObject({
    contentType: z.enum(AVATAR_CONTENT_TYPES, 'Please choose an image file'),
    size: z.number().check(z.int(), z.positive(), z.lte(AVATAR_MAX_BYTES, 'Image must be 5 MB or smaller')),
  }),
  response: z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() }),
});

/** Makes an uploaded object the avatar once the server has checked it exists, is an image and is small enough. */
export const setAvatar = defineContract({
  method: 'PUT',
  path: '/api/me/avatar',
  body: z.strictObject({ key: z.string().check(z.minLength(1), z.maxLength(300)) }),
  response: profileSchema,
});
