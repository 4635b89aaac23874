import { db } from '../../adapters/db/service';
import { profileStore } from '../../adapters/db/profile-store';
import { mediaUrl } from '../../adapters/media-url';
import { settingsWrite, toProfile } from '../../core/profile/profile';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.updateProfile, async (req) => {
  const saved = await profileStore(db()).save(principalOf(req).userId, settingsWrite(req.body), new Date());
  return ok(toProfile(saved, mediaUrl));
});
