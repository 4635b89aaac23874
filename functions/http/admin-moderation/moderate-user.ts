import { moderateUser } from '../../core/admin-moderation/moderate-user';
import { moderationDeps } from '../../wiring/admin-moderation';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

/** An administrator suspends or unsuspends a user (decision 066). */
export const handler = httpHandler(
  routes.moderateUser,
  async (req) => ok(await moderateUser(principalOf(req).userId, req.body, moderationDeps())),
  { idempotency: idempotentRequests('moderateUser') },
);
