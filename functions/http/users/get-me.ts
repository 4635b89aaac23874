import { accounts } from '../../adapters/auth-deps';
import { mediaUrl } from '../../adapters/media-url';
import { getMe } from '../../core/auth/accounts';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getMe, async (req) =>
  ok(await getMe(principalOf(req).userId, { accounts: accounts(), mediaUrl })),
);
