import { db } from '../../adapters/db/service';
import { profileStore } from '../../adapters/db/profile-store';
import { mediaUrl } from '../../adapters/media-url';
import { photoStore } from '../../adapters/photo-store';
import { setAvatar } from '../../core/profile/avatar';
import { toProfile } from '../../core/profile/profile';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.setAvatar, async (req) => {
  const deps = { profiles: profileStore(db()), photos: photoStore, now: new Date() };
  return ok(toProfile(await setAvatar(principalOf(req).userId, req.body.key, deps), mediaUrl));
});
