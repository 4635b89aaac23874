import { LISTING_PHOTO_MAX_BYTES, type ListingPhotoContentType } from '../../../shared/api/listings';
import { pendingUploadKey } from '../listings/photos';

export interface StartDisputePhotoUploadDeps<Ticket> {
  /** A presigned browser upload of at most `maxBytes` to `key`. */
  presign(key: string, contentType: string, maxBytes: number): Promise<Ticket>;
  newId(): string;
}

/** A report's photo uploads to the buyer's pending prefix like a listing photo; the report re-encodes it (decision 053). */
export async function startDisputePhotoUpload<Ticket>(
  userId: string,
  contentType: ListingPhotoContentType,
  deps: StartDisputePhotoUploadDeps<Ticket>,
): Promise<Ticket> {
  return deps.presign(pendingUploadKey(userId, contentType, deps.newId()), contentType, LISTING_PHOTO_MAX_BYTES);
}
