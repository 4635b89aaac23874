import type { AuditLog, AuditRecord } from '../../../../functions/core/admin/audit';
import type { AdminRoleStore, RevokeOutcome } from '../../../../functions/core/admin-roles/ports';
import type { UserRecord } from '../../../../functions/core/auth/ports';
import { usernameKey } from '../../../../shared/domain/username';

/** The admin role store over a map of users, with the table's rules: a roster, never emptied by a revoke. */
export class MemoryAdminRoles implements AdminRoleStore {
  readonly roster = new Set<string>();
  constructor(readonly users = new Map<string, UserRecord>()) {}

  add(user: UserRecord): UserRecord {
    this.users.set(user.userId, user);
    if (user.role === 'admin') this.roster.add(user.userId);
    return user;
  }
  async admins() {
    return [...this.roster].map((id) => this.users.get(id)!).filter((u) => u.role === 'admin');
  }
  async userByUsername(name: string) {
    return [...this.users.values()].find((u) => usernameKey(u.username) === usernameKey(name)) ?? null;
  }
  async usernames(ids: readonly string[]) {
    return new Map(ids.flatMap((id) => (this.users.has(id) ? [[id, this.users.get(id)!.username] as const] : [])));
  }
  async grant(userId: string) {
    const user = this.users.get(userId)!;
    if (user.role === 'admin') return false;
    this.users.set(userId, { ...user, role: 'admin' });
    this.roster.add(userId);
    return true;
  }
  async revoke(userId: string): Promise<RevokeOutcome> {
    const user = this.users.get(userId)!;
    if (user.role !== 'admin') return 'not_admin';
    if (this.roster.size <= 1) return 'last_admin';
    this.users.set(userId, { ...user, role: 'user' });
    this.roster.delete(userId);
    return 'revoked';
  }
}

export class MemoryAuditLog implements AuditLog {
  readonly entries: (AuditRecord & { at: Date })[] = [];
  async record(entry: AuditRecord, at: Date) {
    this.entries.push({ ...entry, at });
  }
}

/** A sign-in's admission with nothing configured (auth tests about other things). */
export const noAdmission = () => ({
  roles: new MemoryAdminRoles(),
  configuredWallets: [] as string[],
  audit: new MemoryAuditLog(),
});
