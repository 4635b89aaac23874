import { ulid } from 'ulid';
import { LISTING_PHOTO_MAX_BYTES } from '../../../shared/api/listing-photos';
import { accounts } from '../../wiring/auth';
import { presignUpload } from '../../adapters/media-uploads';
import { requireSeller } from '../../core/listings/seller';
import { pendingUploadKey } from '../../core/listings/photos';
import { created, httpHandler, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.startListingPhotoUpload, async (req) => {
  const { userId } = principalOf(req);
  await requireSeller(userId, accounts());
  const key = pendingUploadKey(userId, req.body.contentType, ulid());
  return created(await presignUpload(key, req.body.contentType, LISTING_PHOTO_MAX_BYTES));
});
