import type { AdminMember } from '../../../shared/api/admin-roles';
import { InvalidStateError } from '../../lib/errors';
import { listAdmins } from './list-admins';
import type { AdminRoleDeps } from './ports';
import { targetUser } from './target-user';

export const REVOKE_MESSAGES = {
  lastAdmin: (username: string) => `${username} is the last administrator: grant the role to someone else first.`,
  ownLast: 'You are the last administrator: grant the role to someone else before giving up your own.',
  configured: (username: string) =>
    `${username}'s wallet is a configured administrator (ADMIN_WALLET_ADDRESSES): signing in makes them one again. ` +
    'Remove it from the configuration instead.',
} as const;

/**
 * An administrator takes the role from a user, by username (decision 062), recorded as `role.revoke`; never from the
 * last administrator (the store's condition, so two revoking at once can't both pass), nor from a configured wallet
 * (its next sign-in would grant it again). Revoking a non-administrator changes and records nothing.
 */
export async function revokeAdminRole(
  actorId: string,
  username: string,
  deps: AdminRoleDeps,
): Promise<{ items: AdminMember[] }> {
  const user = await targetUser(deps.roles, username);
  if (user.role === 'admin' && deps.configuredWallets.includes(user.walletAddress)) {
    throw new InvalidStateError('configured_admin', REVOKE_MESSAGES.configured(user.username));
  }
  const at = deps.clock.now();
  const outcome = await deps.roles.revoke(user.userId, at);
  if (outcome === 'last_admin') {
    throw new InvalidStateError(
      'last_admin',
      user.userId === actorId ? REVOKE_MESSAGES.ownLast : REVOKE_MESSAGES.lastAdmin(user.username),
    );
  }
  if (outcome === 'revoked') {
    await deps.audit.record(
      { actorId, action: 'role.revoke', subject: user.username, before: 'admin', after: 'user' },
      at,
    );
  }
  return listAdmins(deps);
}
