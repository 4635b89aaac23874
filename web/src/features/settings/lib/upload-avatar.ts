import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../../../../shared/api/profile';
import { imageFileProblem } from '../../../lib/image-file';

/** Checked before anything is sent (the upload is domains/profile's uploadAvatar); S3 and the server check again. */
export function avatarFileProblem(file: File): readonly [string, string] | null {
  return imageFileProblem(file, AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES);
}
