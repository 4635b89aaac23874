import { getMe } from '../../core/auth/get-me';
import { getMeDeps } from '../../wiring/auth';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getMe, async (req) => ok(await getMe(principalOf(req).userId, getMeDeps())));
