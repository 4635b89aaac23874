import type { SellerSettingsStore, StoredSellerSettings } from '../../../../functions/core/seller-settings/ports';

/** The settings store's contract in memory: conditional saves on the version, the reports index by week then user. */
export function memorySettingsStore() {
  const items = new Map<string, StoredSellerSettings>();
  const store: SellerSettingsStore = {
    async get(userId) {
      const s = items.get(userId);
      return s ? structuredClone(s) : null;
    },
    async save(userId, settings, reportWeek, expectedVersion) {
      if ((items.get(userId)?.version ?? null) !== expectedVersion) return false;
      items.set(userId, { settings: structuredClone(settings), reportWeek, version: (expectedVersion ?? 0) + 1 });
      return true;
    },
    async dueReports(week, limit) {
      return [...items.entries()]
        .filter(([, s]) => s.reportWeek !== null && s.reportWeek < week)
        .map(([userId, s]) => ({ userId, reportWeek: s.reportWeek! }))
        .sort((a, b) => a.reportWeek.localeCompare(b.reportWeek) || a.userId.localeCompare(b.userId))
        .slice(0, limit);
    },
    async reportSent(userId, from, to) {
      const s = items.get(userId);
      if (!s || s.reportWeek !== from || !s.settings.notifications.weeklyReports) return false;
      s.reportWeek = to;
      return true;
    },
  };
  return { store, items };
}
