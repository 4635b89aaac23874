import type { AdminMember } from '../../../shared/api/admin-roles';
import { listAdmins } from './list-admins';
import type { AdminRoleDeps } from './ports';
import { targetUser } from './target-user';

/**
 * An administrator makes another user one, by username (decision 062), recorded as `role.grant`. Granting it to an
 * administrator changes and records nothing, so a retried PUT is harmless.
 */
export async function grantAdminRole(
  actorId: string,
  username: string,
  deps: AdminRoleDeps,
): Promise<{ items: AdminMember[] }> {
  const user = await targetUser(deps.roles, username);
  const at = deps.clock.now();
  if (await deps.roles.grant(user.userId, at)) {
    await deps.audit.record(
      { actorId, action: 'role.grant', subject: user.username, before: 'user', after: 'admin' },
      at,
    );
  }
  return listAdmins(deps);
}
