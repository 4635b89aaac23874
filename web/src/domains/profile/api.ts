import useSWR from 'swr';
import * as contracts from '../../../../shared/api/profile';
import { AVATAR_CONTENT_TYPES, getProfile, type Profile } from '../../../../shared/api/profile';
import type { BodyOf } from '../../../../shared/api/contract';
import { apiGet, apiSend } from '../../lib/api';
import { IMAGE_FILE_ERRORS } from '../../lib/image-file';
import { useOptionalSession } from '../../lib/session/session-context';
import { keys } from '../keys';
import { postUpload, UploadError } from '../uploads/post-upload';

/** The signed-in user's profile; the same cache entry as /settings, so a save there shows here at once. */
export function useProfile() {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const user = session?.user ?? null;
  return useSWR(user && token ? keys.profile(user.id) : null, () => apiGet(getProfile, { token }));
}

/**
 * Whether the profile is complete enough to buy with (spec part 1 "Buy Now" and "Add to cart from the detail page":
 * name, email and phone, and a shipping address; the server's checkout asks the same). No profile, or one that could
 * not be read, is incomplete.
 */
export function canBuyWith(profile: Profile | undefined | null): boolean {
  return !!profile && profile.profileComplete && profile.address !== null;
}

export const COMPLETE_PROFILE_TOAST = [
  'Complete Your Profile',
  'Please complete your profile including shipping address before adding items to cart.',
] as const;

/** Saves the profile form (the server checks it again); answers with the saved profile. */
export function updateProfile(token: string, body: BodyOf<typeof contracts.updateProfile>): Promise<Profile> {
  return apiSend(contracts.updateProfile, { body, token });
}

type AvatarType = (typeof AVATAR_CONTENT_TYPES)[number];

/** The image types the bucket accepts (JPEG, PNG, WebP, GIF); other images (SVG, HEIC) count as not an image here. */
function isAvatarType(type: string): type is AvatarType {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(type);
}

export { UploadError };

/** Presigned POST straight to the media bucket, then the server checks the object and makes it the avatar. */
export async function uploadAvatar(file: File, token: string): Promise<Profile> {
  if (!isAvatarType(file.type)) throw new UploadError(IMAGE_FILE_ERRORS.notImage[1]);
  const target = await apiSend(contracts.startAvatarUpload, {
    body: { contentType: file.type, size: file.size },
    token,
  });
  await postUpload(target, file);
  return apiSend(contracts.setAvatar, { body: { key: target.key }, token });
}
