import { updateProfile } from '../../core/profile/update-profile';
import { updateProfileDeps } from '../../wiring/profile';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.updateProfile, async (req) =>
  ok(await updateProfile(principalOf(req).userId, req.body, updateProfileDeps())),
);
