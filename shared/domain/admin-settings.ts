/**
 * The platform settings of the admin portal's General tab (spec part 3 "Admin portal" and constants; decision 063).
 * Shared by the server's schema and the tab, so both refuse the same input with the same words.
 */

export const UPC_SERVICES = ['barcodelookup', 'goupc', 'upcitemdb', 'barcodespider'] as const;
export type UpcService = (typeof UPC_SERVICES)[number];

export const MAX_LISTING_IMAGES_RANGE = { min: 1, max: 20 } as const;
export const ANNOUNCEMENT_MAX = 280;
/** The fee in basis points (hundredths of a percent), in steps of 0.1 % (10 bp): never a float for money. */
export const FEE_BASIS_POINTS_RANGE = { min: 0, max: 10_000, step: 10 } as const;
export const UPC_RATE_LIMIT_RANGE = { min: 1, max: 1000 } as const;
export const UPC_CACHE_HOURS_RANGE = { min: 1, max: 168 } as const;

export interface PlatformSettings {
  maintenanceMode: boolean;
  maxListingImages: number;
  announcementMessage: string;
  requireKyc: boolean;
  platformFeeBasisPoints: number;
  upcService: UpcService;
  upcRateLimitPerMinute: number;
  upcCacheHours: number;
  upcFallback: boolean;
}
export type SettingKey = keyof PlatformSettings;

/** What a platform that never saved its settings has (spec constants). */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  maintenanceMode: false,
  maxListingImages: 10,
  announcementMessage: '',
  requireKyc: false,
  platformFeeBasisPoints: 250,
  upcService: 'barcodelookup',
  upcRateLimitPerMinute: 60,
  upcCacheHours: 24,
  upcFallback: true,
};

/** What the web app must know on every page (the public read). */
export type PublicSettings = Pick<
  PlatformSettings,
  'maintenanceMode' | 'announcementMessage' | 'maxListingImages' | 'requireKyc'
>;

export function publicSettingsOf(s: PlatformSettings): PublicSettings {
  return {
    maintenanceMode: s.maintenanceMode,
    announcementMessage: s.announcementMessage,
    maxListingImages: s.maxListingImages,
    requireKyc: s.requireKyc,
  };
}

/**
 * The fee moves in steps of 0.1 % (10 bp); checked apart from the schema, which stays plain JSON Schema (the deployment's
 * default may be finer).
 */
export const feeStepProblem = (basisPoints: number | undefined): string | null =>
  basisPoints !== undefined && basisPoints % FEE_BASIS_POINTS_RANGE.step !== 0 ? SETTINGS_TEXTS.fee : null;

/** '2.5' for 250 bp: the percent the tab shows, from whole basis points. */
export function percentText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** 250 for '2.5': the percent typed in the tab, to whole basis points, without floating point; null if not one. */
export function basisPointsOfPercent(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:\.(\d{0,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** What publishing a listing answers (403) while require_kyc is on and the seller is not verified (decision 069). */
export const UNVERIFIED_SELLER_MESSAGE = 'Only verified sellers can publish listings right now.';

export const SETTINGS_TEXTS = {
  maxImages: 'Max listing images must be a whole number from 1 to 20.',
  announcement: 'The announcement can be at most 280 characters.',
  fee: 'The platform fee must be from 0 to 100 percent, in steps of 0.1.',
  rateLimit: 'The UPC rate limit must be a whole number from 1 to 1000 per minute.',
  cacheHours: 'The UPC cache duration must be a whole number from 1 to 168 hours.',
  service: 'Choose a configured UPC lookup service.',
  toggle: 'Choose on or off.',
} as const;
