import type { StoreSettings, updateStore as updateStoreContract } from '../../../shared/api/stores';
import type { ResponseOf } from '../../../shared/api/contract';
import { storeThemeOf } from '../../../shared/domain/store-themes';
import { ConflictError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import { PENDING_UPLOADS, promotePendingImage, type PhotoStore } from '../listings/photos';
import type { MediaUrl } from '../listings/to-card';
import { STORE_BANNER_MAX_PX, STORE_BANNERS, type StoreFields, type StoreSettingsStore } from './store-settings';

/** A text as sent (empty clears it), or the current one when it was left out. */
const textOr = (sent: string | undefined, current: string | undefined) =>
  sent === undefined ? current : sent || undefined;

/**
 * The portal's Customize tab: saves the store texts, name and theme (a field left out keeps its value) and, when a new
 * banner is sent, checks it like a listing photo (the user's own upload, an image, at most 5 MB), re-encodes it under
 * store-banners/ and deletes the banner it replaces.
 */
export async function updateStore(
  userId: string,
  input: StoreSettings,
  deps: { store: StoreSettingsStore; photos: PhotoStore; mediaUrl: MediaUrl; clock: Clock },
): Promise<ResponseOf<typeof updateStoreContract>> {
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
  const theme = input.theme ?? storeThemeOf(current.storeTheme);
  const fields: StoreFields = {
    storeName: textOr(input.storeName, current.storeName),
    storeDescription: textOr(input.storeDescription, current.storeDescription),
    bio: textOr(input.bio, current.bio),
    storeBannerKey: banner,
    // Required where it is sent (the schema), so never cleared here.
    fullName: input.fullName ?? current.fullName,
    storeTheme: theme,
  };
  if (!(await deps.store.save(userId, fields, current.storeBannerKey, deps.clock.now()))) {
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
    fullName: fields.fullName ?? null,
    theme,
  };
}
