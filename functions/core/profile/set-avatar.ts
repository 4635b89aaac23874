import type { Profile } from '../../../shared/api/profile';
import type { Clock } from '../clock/clock';
import { pendingPhotoPrefix, promotePendingImage, type PhotoStore } from '../listings/photos';
import type { MediaUrl } from '../listings/to-card';
import { avatarPrefix, toProfile, type ProfileStore } from './profile';

/** Longest side of a served avatar: shown at most ~128 CSS px, on 2x screens, with room to spare. */
export const AVATAR_MAX_PX = 512;

/**
 * Makes an upload the user's avatar. The browser uploads to the pending prefix like a listing photo; the upload is
 * checked the same way (the user's own, present, at most 5 MB, an image by its first bytes) and re-encoded under
 * avatars/<userId>/, so nothing un-cleaned is ever an avatar.
 */
export async function setAvatar(
  userId: string,
  key: string,
  deps: { profiles: Pick<ProfileStore, 'setAvatar'>; photos: PhotoStore; mediaUrl: MediaUrl; clock: Clock },
): Promise<Profile> {
  const served = `${avatarPrefix(userId)}${key.slice(pendingPhotoPrefix(userId).length)}`;
  await promotePendingImage(userId, key, served, deps.photos, { name: 'Avatar', field: 'key', maxPx: AVATAR_MAX_PX });
  return toProfile(await deps.profiles.setAvatar(userId, served, deps.clock.now()), deps.mediaUrl);
}
