import { ulid } from 'ulid';
import { AVATAR_MAX_BYTES } from '../../../shared/api/profile';
import { presignUpload } from '../../adapters/media-uploads';
import { pendingUploadKey } from '../../core/listings/photos';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

// Avatars upload to the pending prefix like listing photos; setting one re-encodes it under avatars/.
export const handler = httpHandler(routes.startAvatarUpload, async (req) => {
  const key = pendingUploadKey(principalOf(req).userId, req.body.contentType, ulid());
  return created(await presignUpload(key, req.body.contentType, AVATAR_MAX_BYTES));
});
