import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  setAvatar,
  startAvatarUpload,
  type Profile,
} from '../../../../../shared/api/profile';
import { apiSend } from '../../../lib/api';
import { IMAGE_FILE_ERRORS, imageFileProblem } from '../../../lib/image-file';

type AvatarType = (typeof AVATAR_CONTENT_TYPES)[number];

/** The image types the bucket accepts (JPEG, PNG, WebP, GIF); other images (SVG, HEIC) count as not an image here. */
function isAvatarType(type: string): type is AvatarType {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Checked before anything is sent; S3 and the server check again. */
export function avatarFileProblem(file: File): readonly [string, string] | null {
  return imageFileProblem(file, AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES);
}

export class UploadError extends Error {}

/** Presigned POST straight to the media bucket, then the server checks the object and makes it the avatar. */
export async function uploadAvatar(file: File, token: string): Promise<Profile> {
  if (!isAvatarType(file.type)) throw new UploadError(IMAGE_FILE_ERRORS.notImage[1]);
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
