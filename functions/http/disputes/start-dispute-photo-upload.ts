import { startDisputePhotoUpload } from '../../core/disputes/start-dispute-photo-upload';
import { startDisputePhotoUploadDeps } from '../../wiring/disputes';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.startDisputePhotoUpload, async (req) =>
  created(await startDisputePhotoUpload(principalOf(req).userId, req.body.contentType, startDisputePhotoUploadDeps())),
);
