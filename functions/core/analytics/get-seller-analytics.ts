import type { AnalyticsListing, SellerAnalytics } from '../../../shared/api/analytics';
import { dayOf, rangeDays, RECENT_ACTIVITY, TOP_LISTINGS, type AnalyticsRange } from '../../../shared/domain/analytics';
import { emptySketch, estimateSketch, mergeSketch } from './hyperloglog';
import { rangePlan } from './periods';
import type { DayFigures, GetSellerAnalyticsDeps, ListingTitle } from './ports';

/** Active listings counted longer ago than this are counted again in the background (the figure may lag as long). */
export const ACTIVE_LISTINGS_FRESH_MS = 60_000;

/** The `n` listings with the most of `amounts`, most first (equal amounts: by id, so the order is stable). */
export function topOf(amounts: ReadonlyMap<string, number>, n: number): [string, number][] {
  return [...amounts]
    .filter(([, v]) => v > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, n);
}

/**
 * The seller's active listings: the last count, asking the events consumer to count again when it is over a minute old
 * (this read keeps the old one) or missing (this read counts for itself meanwhile). A GET writes nothing itself.
 */
async function activeListings(sellerId: string, now: Date, deps: GetSellerAnalyticsDeps): Promise<number> {
  const last = await deps.store.activeListings(sellerId);
  const fresh = last !== null && now.getTime() - Date.parse(last.countedAt) <= ACTIVE_LISTINGS_FRESH_MS;
  if (!fresh) {
    const minute = Math.floor(now.getTime() / 60_000);
    await deps.events
      .publish([
        {
          id: `listings-stale:${sellerId}:${minute}`,
          type: 'analytics.listings.stale',
          occurredAt: now.toISOString(),
          data: { sellerId },
        },
      ])
      .catch((error: unknown) => deps.warn('active listings recount not requested', error));
  }
  return last ? last.count : deps.listings.count(sellerId);
}

function sumDays(days: readonly DayFigures[]) {
  const viewers = emptySketch();
  const t = { views: 0, messages: 0, offers: 0, sales: 0, revenueCents: 0, feeCents: 0 };
  for (const d of days) {
    t.views += d.views;
    t.messages += d.messages;
    t.offers += d.offers;
    t.sales += d.sales;
    t.revenueCents += d.revenueCents;
    t.feeCents += d.feeCents;
    mergeSketch(viewers, d.viewers);
  }
  return { ...t, uniqueViewers: estimateSketch(viewers) };
}

/**
 * The seller portal's Analytics (decision 056) over the last `range` UTC days, today included: the day items give the
 * counters, the daily trend and the unique viewers (their sketches merged); the range's whole blocks and other days
 * give the per-listing totals for the top lists; the activity entries the latest events. About 150 items for 90 days
 * at most, whatever the seller's traffic.
 */
export async function getSellerAnalytics(
  sellerId: string,
  range: AnalyticsRange,
  deps: GetSellerAnalyticsDeps,
): Promise<SellerAnalytics> {
  const now = deps.clock.now();
  const days = rangeDays(range, dayOf(now));
  const plan = rangePlan(days);
  const [dayItems, amounts, activity, followers, active] = await Promise.all([
    deps.store.days(sellerId, days[0]!, days.at(-1)!),
    deps.store.listingAmounts(sellerId, [
      ...plan.blocks.map((start) => ({ span: 'block' as const, start })),
      ...plan.days.map((start) => ({ span: 'day' as const, start })),
    ]),
    deps.store.activity(sellerId, RECENT_ACTIVITY),
    deps.store.followers(sellerId),
    activeListings(sellerId, now, deps),
  ]);
  const byViews = topOf(amounts.views, TOP_LISTINGS);
  const byRevenue = topOf(amounts.revenue, TOP_LISTINGS);
  const titles = new Map<string, ListingTitle>(
    (await deps.store.titles([...new Set([...byViews, ...byRevenue].map(([id]) => id))])).map((t) => [t.listingId, t]),
  );
  const listing = (listingId: string): AnalyticsListing => {
    const t = titles.get(listingId);
    return {
      listingId,
      title: t?.title ?? null,
      imageUrl: t?.imageKey ? deps.mediaUrl(t.imageKey) : null,
      views: amounts.views.get(listingId) ?? 0,
      revenueCents: amounts.revenue.get(listingId) ?? 0,
    };
  };
  const byDay = new Map(dayItems.map((d) => [d.day, d]));
  return {
    range,
    from: days[0]!,
    to: days.at(-1)!,
    figures: { ...sumDays(dayItems), activeListings: active, followers },
    daily: days.map((day) => {
      const d = byDay.get(day);
      return { day, views: d?.views ?? 0, sales: d?.sales ?? 0, revenueCents: d?.revenueCents ?? 0 };
    }),
    topByViews: byViews.map(([id]) => listing(id)),
    topByRevenue: byRevenue.map(([id]) => listing(id)),
    activity: activity.map((a) => ({ ...a })),
  };
}
