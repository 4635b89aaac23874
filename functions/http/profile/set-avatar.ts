import { db } from '../../adapters/db/service';
import { inspectUpload } from '../../adapters/media-uploads';
import { profileStore } from '../../adapters/db/profile-store';
import { mediaUrl } from '../../adapters/media-url';
import { checkUploadedAvatar } from '../../core/profile/avatar';
import { toProfile } from '../../core/profile/profile';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.setAvatar, async (req) => {
  const { userId } = principalOf(req);
  const { key } = req.body;
  checkUploadedAvatar(userId, key, key.startsWith('avatars/') ? await inspectUpload(key) : null);
  return ok(toProfile(await profileStore(db()).setAvatar(userId, key, new Date()), mediaUrl));
});
