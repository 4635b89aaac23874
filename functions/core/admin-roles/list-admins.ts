import type { AdminMember } from '../../../shared/api/admin-roles';
import type { AdminRoleDeps } from './ports';

/** Every administrator by username; those whose wallet is configured are marked (their role can't be revoked here). */
export async function listAdmins(
  deps: Pick<AdminRoleDeps, 'roles' | 'configuredWallets'>,
): Promise<{ items: AdminMember[] }> {
  const admins = await deps.roles.admins();
  return {
    items: admins
      .map((a) => ({ ...a, configured: deps.configuredWallets.includes(a.walletAddress) }))
      .sort((a, b) => a.username.localeCompare(b.username)),
  };
}
