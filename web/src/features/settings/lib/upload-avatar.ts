import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  setAvatar,
  startAvatarUpload,
  type Profile,
} from '../../../../../shared/api/profile';
import { apiSend } from '../../../lib/api';

/** Spec part 3 section 8: checked before anything is sent; S3 and the server check again. */
export const AVATAR_FILE_ERRORS = {
  notImage: ['Invalid File', 'Please select an image file.'],
  tooLarge: ['File Too Large', 'Please select an image smaller than 5MB.'],
} as const;

type AvatarType = (typeof AVATAR_CONTENT_TYPES)[number];

/** The image types the bucket accepts (JPEG, PNG, WebP, GIF); other images (SVG, HEIC) count as not an image here. */
function isAvatarType(type: string): type is AvatarType {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(type);
}

export function avatarFileProblem(file: File): readonly [string, string] | null {
  if (!isAvatarType(file.type)) return AVATAR_FILE_ERRORS.notImage;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_FILE_ERRORS.tooLarge;
  return null;
}

export class UploadError extends Error {}

/** Presigned POST straight to the media bucket, then the server checks the object and makes it the avatar. */
export async function uploadAvatar(file: File, token: string): Promise<Profile> {
  if (!isAvatarType(file.type)) throw new UploadError(AVATAR_FILE_ERRORS.notImage[1]);
  const target = await apiSend(startAvatarUpload, {
    body: { contentType: file.type, size: file.size },
    token,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  // S3 requires the file to be the last field.
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(target.url, { method: 'POST', body: form });
  } catch (cause) {
    throw new UploadError('Could not reach the file storage', { cause });
  }
  if (!res.ok) throw new UploadError(`The file storage refused the upload (${res.status})`);
  return apiSend(setAvatar, { body: { key: target.key }, token });
}
