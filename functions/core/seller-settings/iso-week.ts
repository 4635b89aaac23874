/**
 * ISO 8601 weeks in UTC ('2026-W09': Monday 00:00 to the next Monday), the weekly report's unit (decision 057). The
 * labels sort as the weeks do, so the reports index can be read up to a week.
 */

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** Midnight UTC of the Monday of the week holding `at`. */
function mondayOf(at: Date): number {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
}

/** Monday 00:00 UTC of week 1 of an ISO year: the week holding its January 4th. */
const firstMonday = (year: number) => mondayOf(new Date(Date.UTC(year, 0, 4)));

/** The ISO week holding `at`, e.g. '2026-W09'. Its year is the year of its Thursday. */
export function isoWeekOf(at: Date): string {
  const monday = mondayOf(at);
  const year = new Date(monday + 3 * DAY_MS).getUTCFullYear();
  const week = Math.round((monday - firstMonday(year)) / WEEK_MS) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The week's start (Monday 00:00 UTC) and end (the next Monday 00:00 UTC, not in it). */
export function weekBounds(week: string): { start: Date; end: Date } {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!m) throw new Error(`${week} is not an ISO week`);
  const start = firstMonday(Number(m[1])) + (Number(m[2]) - 1) * WEEK_MS;
  return { start: new Date(start), end: new Date(start + WEEK_MS) };
}

/** The week `n` weeks after `week` (before it when negative). */
export function addWeeks(week: string, n: number): string {
  return isoWeekOf(new Date(weekBounds(week).start.getTime() + n * WEEK_MS));
}
