import { AVATAR_MAX_BYTES } from '../../../shared/api/profile';
import type { ListingPhotoContentType } from '../../../shared/api/listings';
import { pendingUploadKey } from '../listings/photos';

export interface StartAvatarUploadDeps<Ticket> {
  /** A presigned browser upload of at most `maxBytes` to `key`. */
  presign(key: string, contentType: string, maxBytes: number): Promise<Ticket>;
  newId(): string;
}

/** Avatars upload to the pending prefix like listing photos; setting one re-encodes it under avatars/. */
export async function startAvatarUpload<Ticket>(
  userId: string,
  contentType: ListingPhotoContentType,
  deps: StartAvatarUploadDeps<Ticket>,
): Promise<Ticket> {
  return deps.presign(pendingUploadKey(userId, contentType, deps.newId()), contentType, AVATAR_MAX_BYTES);
}
