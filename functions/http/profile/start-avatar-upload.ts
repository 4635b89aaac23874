import { startAvatarUpload } from '../../core/profile/start-avatar-upload';
import { startAvatarUploadDeps } from '../../wiring/profile';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.startAvatarUpload, async (req) =>
  created(await startAvatarUpload(principalOf(req).userId, req.body.contentType, startAvatarUploadDeps())),
);
