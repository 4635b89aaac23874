import { setAvatar } from '../../core/profile/set-avatar';
import { setAvatarDeps } from '../../wiring/profile';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.setAvatar, async (req) =>
  ok(await setAvatar(principalOf(req).userId, req.body.key, setAvatarDeps())),
);
