import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../../shared/api/profile';
import { BadRequestError } from '../../lib/errors';
import { avatarPrefix } from './profile';

const EXTENSIONS: Record<(typeof AVATAR_CONTENT_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** A fresh key under the user's avatar prefix, so uploads never overwrite each other or someone else's. */
export function avatarKey(userId: string, contentType: (typeof AVATAR_CONTENT_TYPES)[number], id: string): string {
  return `${avatarPrefix(userId)}${id}.${EXTENSIONS[contentType]}`;
}

/**
 * Checks an uploaded object before it becomes the user's avatar: their own prefix, present, an image, not too big.
 * S3's POST policy already enforced type and size; this guards keys that did not come from our ticket.
 */
export function checkUploadedAvatar(
  userId: string,
  key: string,
  uploaded: { contentType: string; size: number } | null,
): void {
  if (!key.startsWith(avatarPrefix(userId)) || key.includes('..')) {
    throw new BadRequestError('This upload is not yours', { key: 'Not an avatar upload of this account' });
  }
  if (!uploaded) throw new BadRequestError('The image was not uploaded', { key: 'Upload the image first' });
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(uploaded.contentType)) {
    throw new BadRequestError('Please choose an image file', { key: 'Not an image' });
  }
  if (uploaded.size > AVATAR_MAX_BYTES) {
    throw new BadRequestError('Image must be 5 MB or smaller', { key: 'Too large' });
  }
}
