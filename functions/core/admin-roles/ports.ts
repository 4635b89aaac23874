import type { AuditLog } from '../admin/audit';
import type { Clock } from '../clock/clock';
import type { UserRecord } from '../auth/ports';

/** One administrator as the Roles tab lists them. */
export interface AdminMemberRecord {
  userId: string;
  username: string;
  walletAddress: string;
}

export type RevokeOutcome = 'revoked' | 'not_admin' | 'last_admin';

/**
 * The admin role (decision 062): the role on the user item, with the roster of administrators' ids beside it, changed
 * in one transaction, so "never the last administrator" holds however many revoke at once.
 */
export interface AdminRoleStore {
  /** Every administrator on the roster (consistent read). */
  admins(): Promise<AdminMemberRecord[]>;
  userByUsername(username: string): Promise<UserRecord | null>;
  /** Usernames by user id (ids of users since gone are left out). */
  usernames(userIds: readonly string[]): Promise<Map<string, string>>;
  /** Role admin and on the roster; false when the user was one already (nothing written). */
  grant(userId: string, at: Date): Promise<boolean>;
  /** Role user and off the roster, unless they are its last. */
  revoke(userId: string, at: Date): Promise<RevokeOutcome>;
}

/** What the role rules need: the store, the configured wallets, the audit log and the time. */
export interface AdminRoleDeps {
  roles: AdminRoleStore;
  /** ADMIN_WALLET_ADDRESSES (shared/domain/admin-wallets.ts). */
  configuredWallets: readonly string[];
  audit: AuditLog;
  clock: Clock;
}
