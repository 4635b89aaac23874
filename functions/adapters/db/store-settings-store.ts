import type { StoreFields, StoreSettingsStore } from '../../core/stores/store-settings';
import { conditionally } from './conditional';
import type { Db } from './service';

const FIELDS = ['storeName', 'storeDescription', 'bio', 'storeBannerKey', 'fullName', 'storeTheme'] as const;

/** The store fields of the profile item (and its full name); a save is conditioned on the banner it replaces. */
export function storeSettingsStore(db: Db): StoreSettingsStore {
  const { profile } = db.entities;
  return {
    async get(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: [...FIELDS] });
      return data as StoreFields | null;
    },
    async save(userId, fields, expectedBanner, now) {
      const at = now.toISOString();
      const set: Record<string, string> = { updatedAt: at };
      const remove = FIELDS.filter((name) => {
        const value = fields[name];
        if (value !== undefined) set[name] = value;
        return value === undefined;
      });
      // Every account gets its profile when it is made; patch refuses to write one that is not there.
      let write = profile.patch({ userId }).set(set);
      if (remove.length > 0) write = write.remove(remove);
      return conditionally(() =>
        write
          .where((attr, op) =>
            expectedBanner === undefined
              ? op.notExists(attr.storeBannerKey)
              : op.eq(attr.storeBannerKey, expectedBanner),
          )
          .go(),
      );
    },
  };
}
