import { getProfile } from '../../core/profile/get-profile';
import { getProfileDeps } from '../../wiring/profile';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getProfile, async (req) =>
  ok(await getProfile(principalOf(req).userId, getProfileDeps())),
);
