import { unfollowStore } from '../../core/follows/unfollow-store';
import { unfollowStoreDeps } from '../../wiring/follows';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.unfollowStore, async (req) =>
  ok(await unfollowStore(principalOf(req).userId, req.params.username, unfollowStoreDeps())),
);
