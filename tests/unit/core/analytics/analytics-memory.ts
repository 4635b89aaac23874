import { emptyTotals, periodId } from '../../../../functions/core/analytics/count-facts';
import type {
  ActivityEntry,
  AnalyticsFact,
  AnalyticsWriteStore,
  CountMark,
  PeriodTotals,
  StoredPeriod,
} from '../../../../functions/core/analytics/ports';

const copyTotals = (t: PeriodTotals): PeriodTotals => ({
  ...t,
  viewers: new Uint8Array(t.viewers),
  listingViews: new Map(t.listingViews),
  listingRevenue: new Map(t.listingRevenue),
});

/**
 * The analytics items in memory, with the adapter's all-or-nothing conditional save: a mark or period that is no
 * longer as read refuses the whole write. `beforeSave` runs once before the next save (a rival writer's turn).
 */
export function memoryAnalytics() {
  const marks = new Map<string, CountMark>();
  const periods = new Map<string, StoredPeriod>();
  const activity: ActivityEntry[] = [];
  let saves = 0;
  let refused = 0;
  let beforeSave: (() => void) | null = null;
  const store: AnalyticsWriteStore = {
    async load(_sellerId, markKeys, wanted) {
      return {
        marks: new Map(markKeys.filter((k) => marks.has(k)).map((k) => [k, { ...marks.get(k)! }])),
        periods: new Map(
          wanted
            .map((p) => periods.get(periodId(p.span, p.start)))
            .filter((p): p is StoredPeriod => p !== undefined)
            .map((p) => [periodId(p.span, p.start), { ...p, totals: copyTotals(p.totals) }]),
        ),
      };
    },
    async save(_sellerId, writes) {
      const rival = beforeSave;
      beforeSave = null;
      rival?.();
      saves++;
      const markOk = writes.marks.every((m) => marks.get(m.key)?.countedAt === m.read?.countedAt);
      const periodOk = writes.periods.every(
        (p) => (periods.get(periodId(p.span, p.start))?.version ?? null) === p.version,
      );
      if (!markOk || !periodOk) {
        refused++;
        return false;
      }
      for (const m of writes.marks) marks.set(m.key, m.mark);
      for (const p of writes.periods) {
        periods.set(periodId(p.span, p.start), { ...p, totals: copyTotals(p.totals), version: (p.version ?? 0) + 1 });
      }
      activity.push(...writes.activity.map((a) => a.entry));
      return true;
    },
  };
  const period = (span: 'day' | 'block', start: string) => periods.get(periodId(span, start))?.totals ?? emptyTotals();
  return {
    store,
    marks,
    activity,
    period,
    counts: () => ({ saves, refused }),
    /** Runs `rival` just before the next save (after that save's state was read). */
    raceNextSave(rival: () => void) {
      beforeSave = rival;
    },
    /** Stores `totals` for a period as another writer would, bumping its version. */
    put(span: 'day' | 'block', start: string, change: (t: PeriodTotals) => void) {
      const id = periodId(span, start);
      const p = periods.get(id) ?? { span, start, totals: emptyTotals(), version: null };
      change(p.totals);
      periods.set(id, { ...p, version: (p.version ?? 0) + 1 });
    },
  };
}

export const view = (over: Partial<Extract<AnalyticsFact, { kind: 'view' }>> = {}): AnalyticsFact => ({
  kind: 'view',
  sellerId: 'S',
  listingId: 'L1',
  viewerKey: 'u:B',
  at: '2030-01-10T12:00:00.000Z',
  eventId: 'view:1',
  ...over,
});

export const sale = (over: Partial<Extract<AnalyticsFact, { key: string }>> = {}): AnalyticsFact => ({
  kind: 'sale',
  sellerId: 'S',
  key: 'sale:O1',
  at: '2030-01-10T15:00:00.000Z',
  amountCents: 2_599,
  feeCents: 65,
  listings: [{ listingId: 'L1', cents: 2_599 }],
  activity: {
    id: 'sale:O1',
    kind: 'sale',
    at: '2030-01-10T15:00:00.000Z',
    username: 'bob',
    subject: 'Lamp',
    listingId: 'L1',
    amountCents: 2_599,
  },
  ...over,
});
