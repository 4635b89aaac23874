import { startListingPhotoUpload } from '../../core/listings/start-listing-photo-upload';
import { startListingPhotoUploadDeps } from '../../wiring/listings';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.startListingPhotoUpload, async (req) =>
  created(await startListingPhotoUpload(principalOf(req).userId, req.body.contentType, startListingPhotoUploadDeps())),
);
