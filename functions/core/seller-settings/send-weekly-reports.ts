import { formatUsd } from '../../../shared/domain/money';
import type { DomainEventOf } from '../../../shared/events';
import type { EventPublisher } from '../realtime/ports';
import { addWeeks, isoWeekOf, weekBounds } from './iso-week';
import type { SellerSettingsStore } from './ports';
import { weeklyFigures, type WeeklyActivityPort, type WeeklyFigures } from './weekly-figures';

export const WEEKLY_REPORT_TITLE = 'Weekly Report';

/** Sellers one run reports on at most; the rest stay due in the index and the next run takes them. */
export const REPORTS_PER_RUN = 200;
/** Sellers read from the index, and reported on, at a time. */
const PAGE = 25;

export interface WeeklyReportsDeps {
  settings: Pick<SellerSettingsStore, 'dueReports' | 'reportSent'>;
  activity: WeeklyActivityPort;
  events: EventPublisher;
  log: { warn(message: string, fields: Record<string, unknown>): void };
  /** REPORTS_PER_RUN unless a test says otherwise. */
  perRun?: number;
}

export interface WeeklyReportsRun {
  /** The week reported on: the last full ISO week before the run. */
  week: string;
  sent: number;
  /** Reports that failed this run (their sellers stay due). */
  failed: number;
  /** Sellers left due for a later run (this run's limit, or one whose report failed and waits for the next run). */
  more: boolean;
}

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The report's words: the week (Monday to Sunday, UTC) and its figures. */
export function weeklyReportMessage(week: string, f: WeeklyFigures): string {
  const { start, end } = weekBounds(week);
  const sunday = new Date(end.getTime() - 86_400_000);
  return (
    `Your week of ${day(start)} – ${day(sunday)}: ${count(f.sales, 'sale', 'sales')}, ` +
    `${formatUsd(f.revenueCents)} RLUSD released to you, ${count(f.offers, 'new offer', 'new offers')} and ` +
    `${count(f.messages, 'message', 'messages')}.`
  );
}

/** The report as a notify.requested event: one notification per user and week, whatever runs it twice. */
export function weeklyReportNotice(
  userId: string,
  week: string,
  figures: WeeklyFigures,
  at: Date,
): DomainEventOf<'notify.requested'> {
  const dedupeKey = `weekly_report:${week}`;
  return {
    id: `notify:${dedupeKey}:${userId}`,
    type: 'notify.requested',
    occurredAt: at.toISOString(),
    data: {
      userId,
      type: 'other',
      title: WEEKLY_REPORT_TITLE,
      message: weeklyReportMessage(week, figures),
      relatedId: null,
      dedupeKey,
    },
  };
}

/**
 * The weekly reports schedule (decision 057): every user with weekly reports on whose next report week has ended gets
 * the last full week's figures, at most once per week (notify's dedupe key), and their next report week moves on to the
 * current one (conditional on the week read). A run takes at most REPORTS_PER_RUN; those left stay due in the index,
 * which is the continuation. A seller whose report fails is left due for the next run.
 */
export async function sendWeeklyReports(now: Date, deps: WeeklyReportsDeps): Promise<WeeklyReportsRun> {
  const current = isoWeekOf(now);
  const week = addWeeks(current, -1);
  const bounds = weekBounds(week);
  const perRun = deps.perRun ?? REPORTS_PER_RUN;
  // Left due by this run (failed, or its bookkeeping lost to a save meanwhile): not taken again until the next run.
  const skip = new Set<string>();
  let [sent, failed] = [0, 0];
  while (sent < perRun) {
    const due = (await deps.settings.dueReports(current, PAGE + skip.size)).filter((d) => !skip.has(d.userId));
    if (due.length === 0) return { week, sent, failed, more: skip.size > 0 };
    const page = due.slice(0, Math.min(PAGE, perRun - sent));
    await Promise.all(
      page.map(async (d) => {
        try {
          const figures = await weeklyFigures(d.userId, bounds, deps.activity);
          await deps.events.publish([weeklyReportNotice(d.userId, week, figures, now)]);
          sent++;
          // False when the user saved meanwhile: a later run finds this week's report stored already.
          if (!(await deps.settings.reportSent(d.userId, d.reportWeek, current))) skip.add(d.userId);
        } catch (error) {
          failed++;
          skip.add(d.userId);
          deps.log.warn('weekly report failed; the next run tries again', { userId: d.userId, error: String(error) });
        }
      }),
    );
  }
  return { week, sent, failed, more: true };
}
