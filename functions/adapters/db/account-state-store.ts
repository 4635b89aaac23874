import type { AccountState, AccountStateStore } from '../../core/account-state/ports';
import { conditionally } from './conditional';
import { NOT_DUE } from './entities/account-state';
import type { Db } from './service';

/** Account states, each written whole at the version read (decision 059). */
export function accountStateStore(db: Db): AccountStateStore {
  const { accountState } = db.entities;
  return {
    async get(userId) {
      // Strongly consistent: a run decides from it and saves conditionally on its version.
      const { data } = await accountState.get({ userId }).go({ consistent: true });
      if (!data) return null;
      return {
        userId: data.userId,
        storeStatus: data.storeStatus,
        sweep: (data.sweep as AccountState['sweep']) ?? null,
        erasure: (data.erasure as AccountState['erasure']) ?? null,
        dueAt: data.work === 'due' ? data.dueAt : null,
        version: data.version,
      };
    },
    save(next, expectedVersion) {
      return conditionally(() =>
        accountState
          .put({
            userId: next.userId,
            storeStatus: next.storeStatus,
            ...(next.sweep && { sweep: next.sweep }),
            ...(next.erasure && { erasure: next.erasure }),
            work: next.dueAt === null ? 'idle' : 'due',
            dueAt: next.dueAt ?? NOT_DUE,
            version: next.version,
            updatedAt: new Date().toISOString(),
          })
          .where((a, op) => (expectedVersion === 0 ? op.notExists(a.version) : op.eq(a.version, expectedVersion)))
          .go(),
      );
    },
    async due(at, limit) {
      const { data } = await accountState.query.byDue({ work: 'due' }).lt({ dueAt: at }).go({ limit });
      return data.map((s) => s.userId);
    },
  };
}
