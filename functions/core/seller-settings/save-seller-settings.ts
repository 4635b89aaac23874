import type { SellerSettings } from '../../../shared/domain/seller-settings';
import { ConflictError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import { addWeeks, isoWeekOf } from './iso-week';
import type { SellerSettingsStore } from './ports';

/**
 * The week the user's next weekly report is due from: off, none; kept while they stay on (a save of other settings
 * moves nothing); turned on, last week, so the next run sends the week just past (decision 057).
 */
export function nextReportWeek(current: string | null, weeklyReports: boolean, now: Date): string | null {
  if (!weeklyReports) return null;
  return current ?? addWeeks(isoWeekOf(now), -1);
}

/**
 * Save Settings: every setting of the caller's, checked by the contract, written in one conditional put on the version
 * read, so a save racing another is refused (409) rather than mixing the two.
 */
export async function saveSellerSettings(
  userId: string,
  input: SellerSettings,
  deps: { settings: SellerSettingsStore; clock: Clock },
): Promise<SellerSettings> {
  const now = deps.clock.now();
  const current = await deps.settings.get(userId);
  const reportWeek = nextReportWeek(current?.reportWeek ?? null, input.notifications.weeklyReports, now);
  if (!(await deps.settings.save(userId, input, reportWeek, current?.version ?? null, now))) {
    throw new ConflictError('Your settings were changed at the same time. Please try again.', 'settings_changed');
  }
  return input;
}
