import type { UserRecord } from '../auth/ports';
import type { AdminRoleDeps } from './ports';

export type AdmissionDeps = Pick<AdminRoleDeps, 'roles' | 'configuredWallets' | 'audit'>;

/**
 * At every sign-in (decision 062): a configured wallet gets the admin role if it has not, and every administrator's
 * sign-in is recorded as `admin.sign_in` (before and after: the role). Answers the user with the role they now have.
 */
export async function admitAdministrator(user: UserRecord, deps: AdmissionDeps, at: Date): Promise<UserRecord> {
  let role = user.role;
  if (role !== 'admin' && deps.configuredWallets.includes(user.walletAddress)) {
    await deps.roles.grant(user.userId, at);
    role = 'admin';
  }
  if (role !== 'admin') return user;
  await deps.audit.record(
    { actorId: user.userId, action: 'admin.sign_in', subject: user.walletAddress, before: user.role, after: role },
    at,
  );
  return { ...user, role };
}
