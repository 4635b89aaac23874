import { randomBytes } from 'node:crypto';
import { addDays } from '../../../shared/domain/analytics';
import { decodeSketch, encodeSketch } from '../../core/analytics/hyperloglog';
import { periodId } from '../../core/analytics/count-facts';
import { addAmounts, BLOCK_DAYS, packAmounts, unpackAmounts } from '../../core/analytics/periods';
import type { FactLookups } from '../../core/analytics/facts-of-events';
import type {
  ActiveListingCounter,
  AnalyticsReadStore,
  AnalyticsWriteStore,
  CountMark,
  DayFigures,
  PeriodSpan,
  PeriodTotals,
  StoredPeriod,
} from '../../core/analytics/ports';
import { BoundedMap } from '../../lib/bounded-map';
import { conditionally } from './conditional';
import type { TransactResult } from './transact';
import { readCards } from './listing-cards';
import { readByKey } from './read-by-key';
import type { Db } from './service';

const DAY_S = 86_400;
const epochSeconds = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / 1000;
/** A day or block is removed once the longest range (90 days) can no longer reach it. */
const periodTtl = (span: ItemSpan, start: string) =>
  epochSeconds(addDays(start, span === 'block' ? BLOCK_DAYS : 1)) + 95 * DAY_S;

/** How a period is stored: a day as its figures item and its per-listing item, a block as one item. */
type ItemSpan = 'day' | 'daylist' | 'block';
const itemSpans = (span: PeriodSpan): ItemSpan[] => (span === 'day' ? ['day', 'daylist'] : ['block']);
/** The activity list shows the latest 20, whenever they were: entries are kept for a year. */
const ACTIVITY_TTL_S = 365 * DAY_S;

type PeriodItem = {
  span: ItemSpan;
  start: string;
  views?: number;
  messages?: number;
  offers?: number;
  sales?: number;
  revenueCents?: number;
  feeCents?: number;
  viewers?: string;
  listingViews?: string;
  listingRevenue?: string;
  version?: number;
};

function totalsOf(item: PeriodItem): PeriodTotals {
  return {
    views: item.views ?? 0,
    messages: item.messages ?? 0,
    offers: item.offers ?? 0,
    sales: item.sales ?? 0,
    revenueCents: item.revenueCents ?? 0,
    feeCents: item.feeCents ?? 0,
    viewers: decodeSketch(item.viewers),
    listingViews: unpackAmounts(item.listingViews),
    listingRevenue: unpackAmounts(item.listingRevenue),
  };
}

/** The stored items of a period (a day's two, a block's one), their version one more than the one read. */
export function periodItems(
  sellerId: string,
  p: StoredPeriod,
): (PeriodItem & { sellerId: string; version: number; ttl: number })[] {
  const t = p.totals;
  const common = { sellerId, start: p.start, version: (p.version ?? 0) + 1 };
  const lists = { listingViews: packAmounts(t.listingViews), listingRevenue: packAmounts(t.listingRevenue) };
  if (p.span === 'block') return [{ ...common, span: 'block' as const, ...lists, ttl: periodTtl('block', p.start) }];
  return [
    {
      ...common,
      span: 'day' as const,
      views: t.views,
      messages: t.messages,
      offers: t.offers,
      sales: t.sales,
      revenueCents: t.revenueCents,
      feeCents: t.feeCents,
      viewers: encodeSketch(t.viewers),
      ttl: periodTtl('day', p.start),
    },
    { ...common, span: 'daylist' as const, ...lists, ttl: periodTtl('daylist', p.start) },
  ];
}

function unprocessedCheck(result: { unprocessed: unknown[] }, what: string) {
  if (result.unprocessed.length > 0) throw new Error(`analytics: ${result.unprocessed.length} ${what} left unread`);
}

/** Counting: marks and periods read strongly, then written in one transaction conditional on what was read. */
export function analyticsWriteStore(db: Db): AnalyticsWriteStore {
  const { analyticsMark, analyticsPeriod } = db.entities;
  return {
    async load(sellerId, markKeys, periods) {
      const [marks, items] = await Promise.all([
        markKeys.length
          ? analyticsMark.get(markKeys.map((markKey) => ({ markKey }))).go({ consistent: true })
          : { data: [], unprocessed: [] },
        periods.length
          ? analyticsPeriod
              .get(periods.flatMap((p) => itemSpans(p.span).map((span) => ({ sellerId, span, start: p.start }))))
              .go({ consistent: true })
          : { data: [], unprocessed: [] },
      ]);
      unprocessedCheck(marks, 'marks');
      unprocessedCheck(items, 'periods');
      // A day's two items are written together with one version; its lists join its figures.
      const found = new Map<string, StoredPeriod>();
      for (const i of items.data) {
        const span: PeriodSpan = i.span === 'block' ? 'block' : 'day';
        const id = periodId(span, i.start);
        const t = totalsOf(i);
        const known = found.get(id);
        if (!known) {
          found.set(id, { span, start: i.start, totals: t, version: i.version });
          continue;
        }
        const into = i.span === 'daylist' ? known.totals : t;
        const lists = i.span === 'daylist' ? t : known.totals;
        into.listingViews = lists.listingViews;
        into.listingRevenue = lists.listingRevenue;
        found.set(id, { ...known, totals: into, version: Math.min(known.version!, i.version) });
      }
      return {
        marks: new Map<string, CountMark>(
          marks.data.map((m) => [m.markKey, { countedAt: m.countedAt, eventId: m.eventId }]),
        ),
        periods: found,
      };
    },
    async save(sellerId, writes) {
      const result: TransactResult = await db.transaction
        .write(({ analyticsMark: mark, analyticsPeriod: period, analyticsActivity: activity }) => [
          ...writes.marks.map((m) =>
            mark
              .put({ markKey: m.key, countedAt: m.mark.countedAt, eventId: m.mark.eventId, ttl: m.ttlSeconds })
              .where((a, op) => (m.read ? op.eq(a.countedAt, m.read.countedAt) : op.notExists(a.countedAt)))
              .commit(),
          ),
          ...writes.periods.flatMap((p) =>
            periodItems(sellerId, p).map((item) =>
              period
                .put(item)
                .where((a, op) => (p.version === null ? op.notExists(a.version) : op.eq(a.version, p.version)))
                .commit(),
            ),
          ),
          ...writes.activity.map(({ entry }) =>
            activity
              .put({
                sellerId,
                at: entry.at,
                activityId: entry.id,
                kind: entry.kind,
                username: entry.username,
                ...(entry.subject !== null && { subject: entry.subject }),
                ...(entry.listingId !== null && { listingId: entry.listingId }),
                ...(entry.amountCents !== null && { amountCents: entry.amountCents }),
                ttl: Math.floor(Date.parse(entry.at) / 1000) + ACTIVITY_TTL_S,
              })
              .commit(),
          ),
        ])
        .go();
      if (!result.canceled) return true;
      const raced = result.data.every(
        (d) => !d?.code || d.code === 'None' || d.code === 'ConditionalCheckFailed' || d.code === 'TransactionConflict',
      );
      if (raced) return false;
      throw new Error(`analytics write cancelled: ${result.data.map((d) => d?.code ?? 'None').join(', ')}`);
    },
  };
}

/** The attributes of a day the Analytics read needs for its counters (not the per-listing lists). */
const DAY_FIGURES = [
  'sellerId',
  'span',
  'start',
  'views',
  'messages',
  'offers',
  'sales',
  'revenueCents',
  'feeCents',
  'viewers',
] as const;

export function analyticsReadStore(db: Db): AnalyticsReadStore {
  const { analyticsPeriod, analyticsActivity, profile, activeListingCount } = db.entities;
  return {
    async days(sellerId, from, to) {
      const { data } = await analyticsPeriod.query
        .bySeller({ sellerId, span: 'day' })
        .between({ start: from }, { start: to })
        .go({ pages: 'all', attributes: [...DAY_FIGURES] });
      return data.map((d): DayFigures => {
        const t = totalsOf(d);
        return {
          day: d.start,
          views: t.views,
          messages: t.messages,
          offers: t.offers,
          sales: t.sales,
          revenueCents: t.revenueCents,
          feeCents: t.feeCents,
          viewers: t.viewers,
        };
      });
    },
    async listingAmounts(sellerId, periods) {
      const views = new Map<string, number>();
      const revenue = new Map<string, number>();
      if (periods.length === 0) return { views, revenue };
      const result = await analyticsPeriod
        .get(periods.map((p) => ({ sellerId, span: p.span === 'day' ? ('daylist' as const) : p.span, start: p.start })))
        .go({ attributes: ['sellerId', 'span', 'start', 'listingViews', 'listingRevenue'] });
      unprocessedCheck(result, 'periods');
      for (const p of result.data) {
        addAmounts(views, unpackAmounts(p.listingViews));
        addAmounts(revenue, unpackAmounts(p.listingRevenue));
      }
      return { views, revenue };
    },
    async activity(sellerId, limit) {
      const { data } = await analyticsActivity.query.bySeller({ sellerId }).go({ order: 'desc', limit });
      return data.map((a) => ({
        id: a.activityId,
        kind: a.kind,
        at: a.at,
        username: a.username,
        subject: a.subject ?? null,
        listingId: a.listingId ?? null,
        amountCents: a.amountCents ?? null,
      }));
    },
    async followers(sellerId) {
      // Read raw: `followerCount` is the follow feature's attribute of the profile item.
      const item = await readByKey(db.client, profile, { userId: sellerId });
      const n = item?.followerCount;
      return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0;
    },
    async activeListings(sellerId) {
      const item = await readByKey(db.client, activeListingCount, { sellerId });
      return typeof item?.count === 'number' && typeof item.countedAt === 'string'
        ? { count: item.count, countedAt: item.countedAt }
        : null;
    },
    async titles(listingIds) {
      return (await readCards(db, listingIds)).map((l) => ({
        listingId: l.listingId,
        title: l.title,
        imageKey: l.images?.[0]?.thumbKey ?? l.images?.[0]?.key ?? null,
      }));
    },
  };
}

/** Counting a seller's active listings reads their whole listing index (only the status), so it is done apart. */
export function activeListingCounter(db: Db): ActiveListingCounter {
  const { listing, activeListingCount } = db.entities;
  return {
    async count(sellerId) {
      const { data } = await listing.query
        .bySeller({ sellerId })
        .go({ pages: 'all', attributes: ['listingId', 'sellerId', 'createdAt', 'status'] });
      return data.filter((l) => l.status === 'active').length;
    },
    async save(sellerId, count, countedAt) {
      // Refused when a later count is stored already: that one stands.
      await conditionally(() =>
        activeListingCount
          .put({ sellerId, count, countedAt })
          .where((a, op) => `${op.notExists(a.countedAt)} OR ${op.lt(a.countedAt, countedAt)}`)
          .go(),
      );
    },
  };
}

/** The conversation and order a message, offer or sale is counted from. */
export function factLookups(db: Db): FactLookups {
  const { conversation, order } = db.entities;
  return {
    async conversation(conversationId) {
      const { data } = await conversation.get({ conversationId }).go();
      return data
        ? {
            buyerId: data.buyerId,
            buyerUsername: data.buyerUsername,
            sellerId: data.sellerId,
            listingId: data.listingId ?? null,
            listingTitle: data.listingTitle ?? null,
          }
        : null;
    },
    async order(orderId) {
      const { data } = await order.get({ orderId }).go({
        attributes: ['orderId', 'sellerId', 'buyerUsername', 'lines', 'totalCents', 'fee', 'completedAt'],
      });
      return data
        ? {
            orderId: data.orderId,
            sellerId: data.sellerId,
            buyerUsername: data.buyerUsername,
            lines: data.lines as never,
            totalCents: data.totalCents,
            fee: (data.fee ?? null) as never,
            completedAt: data.completedAt ?? null,
          }
        : null;
    },
  };
}

/** Each day's salt, read once per process (made by whoever asks first that day). */
const salts = new BoundedMap<string, string>(4);

export function daySalts(db: Db): (day: string) => Promise<string> {
  const { viewSalt } = db.entities;
  const read = async (day: string): Promise<string> => {
    const found = (await viewSalt.get({ day }).go({ consistent: true })).data;
    if (found) return found.salt;
    const salt = randomBytes(32).toString('base64url');
    // Removed a day after its day ends: visitors' keys of that day can't be remade after.
    const ttl = epochSeconds(addDays(day, 2));
    if (await conditionally(() => viewSalt.create({ day, salt, ttl }).go())) return salt;
    // Another request made the day's salt first.
    const made = (await viewSalt.get({ day }).go({ consistent: true })).data;
    if (!made) throw new Error(`the salt of ${day} is neither readable nor writable`);
    return made.salt;
  };
  return async (day) => {
    const known = salts.get(day);
    if (known) return known;
    const salt = await read(day);
    salts.set(day, salt);
    return salt;
  };
}
