import type { Profile } from '../../../shared/api/profile';
import type { MediaUrl } from '../listings/to-card';
import { toProfile, type ProfileStore } from './profile';

/** The caller's settings page (an account that never saved any reads as blank). */
export async function getProfile(
  userId: string,
  deps: { profiles: Pick<ProfileStore, 'get'>; mediaUrl: MediaUrl },
): Promise<Profile> {
  return toProfile(await deps.profiles.get(userId), deps.mediaUrl);
}
