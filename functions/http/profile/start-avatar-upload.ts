import { ulid } from 'ulid';
import { AVATAR_MAX_BYTES } from '../../../shared/api/profile';
import { presignUpload } from '../../adapters/media-uploads';
import { avatarKey } from '../../core/profile/avatar';
import { created, httpHandler, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.startAvatarUpload, async (req) => {
  const key = avatarKey(principalOf(req).userId, req.body.contentType, ulid());
  return created(await presignUpload(key, req.body.contentType, AVATAR_MAX_BYTES));
});
