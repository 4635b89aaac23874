import { DEFAULT_SELLER_SETTINGS, type SellerSettings } from '../../../shared/domain/seller-settings';
import type { SellerSettingsStore, StoredSellerSettings } from '../../core/seller-settings/ports';
import { settingsOf } from '../../core/seller-settings/settings-of';
import type { StoreContactPort } from '../../core/seller-settings/store-contact';
import { conditionally } from './conditional';
import { NO_REPORTS } from './entities/seller-settings';
import type { Db } from './service';

type Row = Record<string, unknown> & { reportWeek: string; version: number };

function toStored(r: Row): StoredSellerSettings {
  const b = (k: string) => r[k] === true;
  return {
    settings: {
      notifications: {
        newMessages: b('newMessages'),
        newOffers: b('newOffers'),
        salesUpdates: b('salesUpdates'),
        weeklyReports: b('weeklyReports'),
      },
      privacy: { showEmail: b('showEmail'), showPhone: b('showPhone'), allowDirectContact: b('allowDirectContact') },
      business: {
        businessType: r.businessType as SellerSettings['business']['businessType'],
        businessName: String(r.businessName ?? ''),
        taxId: String(r.taxId ?? ''),
      },
    },
    reportWeek: r.reportWeek === NO_REPORTS ? null : r.reportWeek,
    version: r.version,
  };
}

/** The seller settings item (decision 057): one per user, written whole, read by key or through the reports index. */
export function sellerSettingsStore(db: Db): SellerSettingsStore {
  const { sellerSettings } = db.entities;
  return {
    async get(userId) {
      const { data } = await sellerSettings.get({ userId }).go();
      return data ? toStored(data as unknown as Row) : null;
    },

    async save(userId, s, reportWeek, expectedVersion, now) {
      const at = now.toISOString();
      return conditionally(() =>
        sellerSettings
          .put({
            userId,
            ...s.notifications,
            ...s.privacy,
            ...s.business,
            reportWeek: reportWeek ?? NO_REPORTS,
            version: (expectedVersion ?? 0) + 1,
            updatedAt: at,
          })
          .where((a, op) => (expectedVersion === null ? op.notExists(a.version) : op.eq(a.version, expectedVersion)))
          .go(),
      );
    },

    async dueReports(week, limit) {
      const { data } = await sellerSettings.query
        .byReportWeek({})
        .lt({ reportWeek: week })
        .go({ limit, attributes: ['userId', 'reportWeek'] });
      return data.map((r) => ({ userId: r.userId, reportWeek: r.reportWeek }));
    },

    async reportSent(userId, from, to) {
      return conditionally(() =>
        sellerSettings
          .patch({ userId })
          .set({ reportWeek: to })
          .where((a, op) => `${op.eq(a.reportWeek, from)} AND ${op.eq(a.weeklyReports, true)}`)
          .go(),
      );
    },
  };
}

/** The user's allowDirectContact alone (the default when they never saved): one small read by key. */
export async function allowsDirectContact(db: Db, userId: string): Promise<boolean> {
  const { data } = await db.entities.sellerSettings.get({ userId }).go({ attributes: ['allowDirectContact'] });
  return data?.allowDirectContact ?? DEFAULT_SELLER_SETTINGS.privacy.allowDirectContact;
}

/** The store page's reads (decision 057): the settings, and the profile's email and phone when they are to be shown. */
export function storeContactReads(db: Db): StoreContactPort {
  return {
    settings: (userId) => settingsOf(sellerSettingsStore(db), userId),
    async details(userId) {
      const { data } = await db.entities.profile.get({ userId }).go({ attributes: ['email', 'phone'] });
      return { email: data?.email ?? '', phone: data?.phone ?? '' };
    },
  };
}

/** Delete Data (decision 059): the settings hold business details (tax id, business name), so they go whole. */
export async function removeSellerSettings(db: Db, userId: string): Promise<void> {
  await db.entities.sellerSettings.delete({ userId }).go();
}
