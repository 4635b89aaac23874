import type { StoreThemeId } from '../../../shared/domain/store-themes';

/** Where store banners live once a store takes them. */
export const STORE_BANNERS = 'store-banners/';
/** Longest side of a served banner: a full-width banner on a large 2x screen. */
export const STORE_BANNER_MAX_PX = 2560;

export interface StoreFields {
  storeName?: string;
  storeDescription?: string;
  bio?: string;
  storeBannerKey?: string;
  /** The profile's full name ('Your Name' in the portal's Customize tab). */
  fullName?: string;
  storeTheme?: StoreThemeId;
}

export interface StoreSettingsStore {
  get(userId: string): Promise<StoreFields | null>;
  /**
   * Writes the fields (undefined removes one) if the banner is still `expectedBanner`; false when another save changed
   * it meanwhile.
   */
  save(userId: string, fields: StoreFields, expectedBanner: string | undefined, at: Date): Promise<boolean>;
}
