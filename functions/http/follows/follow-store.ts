import { followStore } from '../../core/follows/follow-store';
import { followStoreDeps } from '../../wiring/follows';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.followStore, async (req) =>
  ok(await followStore(principalOf(req).userId, req.params.username, followStoreDeps())),
);
