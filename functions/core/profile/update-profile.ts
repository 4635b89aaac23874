import type { Profile } from '../../../shared/api/profile';
import type { Clock } from '../clock/clock';
import type { MediaUrl } from '../listings/to-card';
import { settingsWrite, toProfile, type ProfileSettingsUpdate, type ProfileStore } from './profile';

/** Saves the caller's settings (each address with its one-line form) and answers the profile as saved. */
export async function updateProfile(
  userId: string,
  update: ProfileSettingsUpdate,
  deps: { profiles: Pick<ProfileStore, 'save'>; mediaUrl: MediaUrl; clock: Clock },
): Promise<Profile> {
  return toProfile(await deps.profiles.save(userId, settingsWrite(update), deps.clock.now()), deps.mediaUrl);
}
