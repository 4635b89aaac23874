import { Entity, type EntityConfiguration } from 'electrodb';
import { BUSINESS_TYPES } from '../../../../shared/domain/seller-settings';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/** `reportWeek` of a user without weekly reports: out of the reports index. */
export const NO_REPORTS = 'none';

/**
 * A user's seller settings (decision 057), once they saved them; absent means the defaults. `reportWeek` is the ISO
 * week ('2026-W09') whose weekly report is due next, NO_REPORTS while weekly reports are off: the reports index holds
 * only the users who want one, by that week, so the schedule's query of those due is its own work list.
 */
export const sellerSettingsEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'sellerSettings', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        newMessages: { type: 'boolean', required: true },
        newOffers: { type: 'boolean', required: true },
        salesUpdates: { type: 'boolean', required: true },
        weeklyReports: { type: 'boolean', required: true },
        showEmail: { type: 'boolean', required: true },
        showPhone: { type: 'boolean', required: true },
        allowDirectContact: { type: 'boolean', required: true },
        businessType: { type: BUSINESS_TYPES, required: true },
        businessName: { type: 'string', required: true },
        taxId: { type: 'string', required: true },
        reportWeek: { type: 'string', required: true },
        /** Counts the saves: a save is conditional on the one it read, so two racing saves can't both win. */
        version: { type: 'number', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
        byReportWeek: {
          index: 'byEndTime',
          condition: (a) => typeof a.reportWeek === 'string' && a.reportWeek !== NO_REPORTS,
          pk: { field: I.byEndTime.partitionKey, composite: [] },
          sk: { field: I.byEndTime.sortKey, composite: ['reportWeek', 'userId'], casing: 'none' },
        },
      },
    },
    config,
  );
