import type { StoreSettings, updateStore } from '../../../shared/api/stores';
import type { ResponseOf } from '../../../shared/api/contract';
import { ConflictError } from '../../lib/errors';
import { PENDING_UPLOADS, promotePendingImage, type PhotoStore } from '../listings/photos';
import type { MediaUrl } from '../listings/to-card';

/** Where store banners live once a store takes them. */
export const STORE_BANNERS = 'store-banners/';
/** Longest side of a served banner: a full-width banner on a large 2x screen. */
export const STORE_BANNER_MAX_PX = 2560;

export interface StoreFields {
  storeName?: string;
  storeDescription?: string;
  bio?: string;
  storeBannerKey?: string;
}

export interface StoreSettingsStore {
  get(userId: string): Promise<StoreFields | null>;
  /**
   * Writes the fields (undefined removes one) if the banner is still `expectedBanner`; false when another save changed
   * it meanwhile.
   */
  save(userId: string, fields: StoreFields, expectedBanner: string | undefined, now: Date): Promise<boolean>;
}

/**
 * Customize Store: saves the store texts and, when a new banner is sent, checks it like a listing photo (the user's own
 * upload, an image, at most 5 MB), re-encodes it under store-banners/ and deletes the banner it replaces.
 */
export async function updateStoreSettings(
  userId: string,
  input: StoreSettings,
  deps: { store: StoreSettingsStore; photos: PhotoStore; mediaUrl: MediaUrl; now: () => Date },
): Promise<ResponseOf<typeof updateStore>> {
  const current = (await deps.store.get(userId)) ?? {};
  let banner = current.storeBannerKey;
  let moved: string | undefined;
  if (input.bannerKey === null) banner = undefined;
  else if (input.bannerKey !== undefined && input.bannerKey !== current.storeBannerKey) {
    const served = `${STORE_BANNERS}${input.bannerKey.slice(PENDING_UPLOADS.length)}`;
    await promotePendingImage(userId, input.bannerKey, served, deps.photos, {
      name: 'Banner',
      field: 'bannerKey',
      maxPx: STORE_BANNER_MAX_PX,
    });
    banner = moved = served;
  }
  const fields: StoreFields = {
    storeName: input.storeName || undefined,
    storeDescription: input.storeDescription || undefined,
    bio: input.bio || undefined,
    storeBannerKey: banner,
  };
  if (!(await deps.store.save(userId, fields, current.storeBannerKey, deps.now()))) {
    if (moved) await deps.photos.remove([moved]);
    throw new ConflictError('Your store was changed at the same time. Please try again.');
  }
  const replaced = current.storeBannerKey;
  // Only banners this flow made are ours to delete (seeded ones live elsewhere).
  if (replaced && replaced !== banner && replaced.startsWith(STORE_BANNERS)) await deps.photos.remove([replaced]);
  return {
    storeName: fields.storeName ?? null,
    storeDescription: fields.storeDescription ?? null,
    bio: fields.bio ?? null,
    bannerUrl: banner ? deps.mediaUrl(banner) : null,
  };
}
