import { usernameKey } from '../../../shared/domain/username';
import type { UserRecord } from '../../core/auth/ports';
import type { AdminRoleStore } from '../../core/admin-roles/ports';
import type { Db } from './service';
import { cancelReasons, failedAt, transactWithRetry } from './transact';

/** The one roster item's key. */
const ROSTER = 'admins';

/** The admin role on the user item and the roster beside it, always changed together (decision 062). */
export function adminRoleStore(db: Db): AdminRoleStore {
  const { user, username, adminRoster } = db.entities;

  async function usersById(userIds: readonly string[]): Promise<UserRecord[]> {
    if (userIds.length === 0) return [];
    const { data } = await user.get(userIds.map((userId) => ({ userId }))).go({ consistent: true });
    return data.map((u) => ({
      userId: u.userId,
      username: u.username,
      walletAddress: u.walletAddress,
      role: u.role ?? 'user',
      createdAt: u.createdAt,
    }));
  }

  return {
    async admins() {
      const { data } = await adminRoster.get({ roster: ROSTER }).go({ consistent: true });
      const users = await usersById(data?.userIds ?? []);
      return users
        .filter((u) => u.role === 'admin')
        .map(({ userId, username: name, walletAddress }) => ({ userId, username: name, walletAddress }));
    },

    async userByUsername(name) {
      const { data } = await username.get({ usernameLower: usernameKey(name) }).go({ consistent: true });
      return data ? ((await usersById([data.userId]))[0] ?? null) : null;
    },

    async usernames(userIds) {
      const users = await usersById([...new Set(userIds)]);
      return new Map(users.map((u) => [u.userId, u.username]));
    },

    async grant(userId, at) {
      const updatedAt = at.toISOString();
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ user: u, adminRoster: r }) => [
            u
              .patch({ userId })
              .set({ role: 'admin', updatedAt })
              .where((a, op) => op.ne(a.role, 'admin'))
              .commit(),
            r
              .update({ roster: ROSTER })
              .add({ userIds: [userId] })
              .set({ updatedAt })
              .commit(),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      // Already an administrator (a patch also needs the user to exist: the caller found them first).
      if (failedAt(result, 0)) return false;
      throw new Error(`admin grant cancelled: ${cancelReasons(result)}`);
    },

    async revoke(userId, at) {
      const updatedAt = at.toISOString();
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ user: u, adminRoster: r }) => [
            u
              .patch({ userId })
              .set({ role: 'user', updatedAt })
              .where((a, op) => op.eq(a.role, 'admin'))
              .commit(),
            r
              .update({ roster: ROSTER })
              .delete({ userIds: [userId] })
              .set({ updatedAt })
              // Never the last one: whoever revokes at the same time, one administrator stays.
              .where((a, op) => `${op.size(a.userIds)} > ${op.escape(1)}`)
              .commit(),
          ])
          .go(),
      );
      if (!result.canceled) return 'revoked';
      if (failedAt(result, 0)) return 'not_admin';
      if (failedAt(result, 1)) return 'last_admin';
      throw new Error(`admin revoke cancelled: ${cancelReasons(result)}`);
    },
  };
}
