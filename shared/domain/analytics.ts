/**
 * The seller portal's Analytics (decision 056): the ranges it offers, the counting rules' constants and the figures'
 * integer arithmetic, shared by the server and the tab.
 */

/** The ranges a seller may choose: the last 7, 30 or 90 UTC days, today included. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** A viewer's further views of the same listing within this long of their last counted one are not counted again. */
export const REPEAT_VIEW_WINDOW_MS = 30 * 60_000;

/** How many listings each top list shows, and how many of the seller's latest events the activity list shows. */
export const TOP_LISTINGS = 5;
export const RECENT_ACTIVITY = 20;

export const ACTIVITY_KINDS = ['message', 'offer', 'sale'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const dayOf = (at: Date | string): string => new Date(at).toISOString().slice(0, 10);

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The days of a range ending on `today`, oldest first. */
export function rangeDays(range: number, today: string): string[] {
  return Array.from({ length: range }, (_, i) => addDays(today, i - range + 1));
}

/**
 * Sales per 100 views to two decimals ('1.25'), rounded half up with integers only; null without views (nothing to
 * divide by).
 */
export function conversionPer100(sales: number, views: number): string | null {
  if (views <= 0) return null;
  // Hundredths of a sale per 100 views, rounded half up: (sales * 10_000 / views) + 1/2, all in integers.
  const hundredths = Math.floor((sales * 20_000 + views) / (2 * views));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
