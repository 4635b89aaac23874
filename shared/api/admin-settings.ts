import * as z from 'zod/mini';
import {
  ANNOUNCEMENT_MAX,
  FEE_BASIS_POINTS_RANGE as FEE,
  MAX_LISTING_IMAGES_RANGE as IMAGES,
  SETTINGS_TEXTS as T,
  UPC_CACHE_HOURS_RANGE as CACHE,
  UPC_RATE_LIMIT_RANGE as RATE,
  UPC_SERVICES,
} from '../domain/admin-settings';
import { defineContract } from './contract';
import '../zod-locale';

/** The admin portal's General tab (decision 063): platform settings, read and changed by administrators only. */

const toggle = z.boolean(T.toggle);
const whole = (range: { min: number; max: number }, message: string) =>
  z.number(message).check(z.int(message), z.gte(range.min, message), z.lte(range.max, message));

/** Every setting with its range. */
export const platformSettingsSchema = z.strictObject({
  maintenanceMode: toggle,
  maxListingImages: whole(IMAGES, T.maxImages),
  announcementMessage: z.string(T.announcement).check(z.trim(), z.maxLength(ANNOUNCEMENT_MAX, T.announcement)),
  requireKyc: toggle,
  platformFeeBasisPoints: whole(FEE, T.fee),
  upcService: z.enum(UPC_SERVICES, T.service),
  upcRateLimitPerMinute: whole(RATE, T.rateLimit),
  upcCacheHours: whole(CACHE, T.cacheHours),
  upcFallback: toggle,
});

/** A change: any of the settings (the others keep their value); the one schema every write goes through. */
export const platformSettingsChangeSchema = z.partial(platformSettingsSchema);

const adminSettingsView = z.object({
  settings: platformSettingsSchema,
  /** From the deployment's config: shown, never changed here. */
  platformWalletAddress: z.string(),
  /** The UPC lookup services this deployment has configured (the choice offers only these). */
  upcServices: z.array(z.enum(UPC_SERVICES)),
  updatedAt: z.nullable(z.string()),
});
export type AdminSettingsView = z.infer<typeof adminSettingsView>;

export const getAdminSettings = defineContract({
  method: 'GET',
  path: '/api/admin/settings',
  response: adminSettingsView,
});

export const updateAdminSettings = defineContract({
  method: 'PUT',
  path: '/api/admin/settings',
  body: platformSettingsChangeSchema,
  response: adminSettingsView,
});

export const publicSettingsSchema = z.object({
  maintenanceMode: z.boolean(),
  announcementMessage: z.string(),
  maxListingImages: z.number(),
  requireKyc: z.boolean(),
});

/** What every page must know, for anyone (cached briefly by browsers). */
export const getPublicSettings = defineContract({
  method: 'GET',
  path: '/api/settings',
  response: publicSettingsSchema,
});
