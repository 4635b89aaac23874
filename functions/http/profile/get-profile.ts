import { db } from '../../adapters/db/service';
import { profileStore } from '../../adapters/db/profile-store';
import { mediaUrl } from '../../adapters/media-url';
import { toProfile } from '../../core/profile/profile';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getProfile, async (req) =>
  ok(toProfile(await profileStore(db()).get(principalOf(req).userId), mediaUrl)),
);
