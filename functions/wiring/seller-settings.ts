import type { WeeklyReportsDeps } from '../core/seller-settings/send-weekly-reports';
import { clock } from '../adapters/clock';
import { sellerSettingsStore } from '../adapters/db/seller-settings-store';
import { db } from '../adapters/db/service';
import { weeklyActivity } from '../adapters/db/weekly-activity';
import { eventQueue } from '../adapters/event-queue';
import type { Logger } from '../lib/logger';

/** The seller settings item (decision 057). */
export function getSellerSettingsDeps() {
  return { settings: sellerSettingsStore(db()) };
}

export function saveSellerSettingsDeps() {
  return { settings: sellerSettingsStore(db()), clock };
}

/** The weekly reports schedule: the reports index, each seller's week from their indexes, the events queue. */
export function sendWeeklyReportsDeps(log: Pick<Logger, 'warn'>): WeeklyReportsDeps {
  return { settings: sellerSettingsStore(db()), activity: weeklyActivity(db()), events: eventQueue, log };
}
