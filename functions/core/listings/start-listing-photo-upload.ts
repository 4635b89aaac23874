import { LISTING_PHOTO_MAX_BYTES, type ListingPhotoContentType } from '../../../shared/api/listings';
import { pendingUploadKey } from './photos';
import { requireSeller, type SellerAccounts } from './seller';

/** A presigned browser upload: the form `fields` to send with the file to `url`, and the `key` it lands on. */
export interface UploadTicket {
  url: string;
  fields: Record<string, string>;
  key: string;
}

export interface StartListingPhotoUploadDeps {
  accounts: SellerAccounts;
  /** An upload of exactly this key, type and at most this size, straight from the browser to the media bucket. */
  presignUpload(key: string, contentType: string, maxBytes: number): Promise<UploadTicket>;
  newId: () => string;
}

/** A seller's photo upload for the wizard: under their own pending prefix, checked again when a listing attaches it. */
export async function startListingPhotoUpload(
  userId: string,
  contentType: ListingPhotoContentType,
  deps: StartListingPhotoUploadDeps,
): Promise<UploadTicket> {
  await requireSeller(userId, deps.accounts);
  const key = pendingUploadKey(userId, contentType, deps.newId());
  return deps.presignUpload(key, contentType, LISTING_PHOTO_MAX_BYTES);
}
