import { dayOf, REPEAT_VIEW_WINDOW_MS } from '../../../shared/domain/analytics';
import { addToSketch, emptySketch } from './hyperloglog';
import { blockOf } from './periods';
import type {
  AnalyticsFact,
  AnalyticsWriteStore,
  CountMark,
  FactOutcome,
  FactState,
  FactWrites,
  PeriodSpan,
  PeriodTotals,
  StoredPeriod,
} from './ports';

/** A viewer's mark on a listing: when their last counted view of it was, and which event counted it. */
export const viewMarkKey = (listingId: string, viewerKey: string) => `view#${listingId}#${viewerKey}`;
/** A fact's mark: that it was counted. */
export const factMarkKey = (key: string) => `fact#${key}`;

const markKeyOf = (f: AnalyticsFact) =>
  f.kind === 'view' ? viewMarkKey(f.listingId, f.viewerKey) : factMarkKey(f.key);

/** A view mark outlives the repeat window by a day; a fact's outlives every redelivery of its event (SQS keeps 14). */
const VIEW_MARK_TTL_S = REPEAT_VIEW_WINDOW_MS / 1000 + 86_400;
const FACT_MARK_TTL_S = 15 * 86_400;

export const emptyTotals = (): PeriodTotals => ({
  views: 0,
  messages: 0,
  offers: 0,
  sales: 0,
  revenueCents: 0,
  feeCents: 0,
  viewers: emptySketch(),
  listingViews: new Map(),
  listingRevenue: new Map(),
});

export const periodId = (span: PeriodSpan, start: string) => `${span}#${start}`;

/**
 * Whether a view counts, against the mark of the viewer's last counted view of the listing: not the seller's own, not
 * the same event again (a redelivery), not within 30 minutes after the last counted one (an older view arriving late
 * counts neither).
 */
export function viewOutcome(
  view: { sellerId: string; viewerKey: string; at: string; eventId: string },
  mark: CountMark | undefined,
): FactOutcome {
  if (view.viewerKey === `u:${view.sellerId}`) return 'own';
  if (!mark) return 'counted';
  if (mark.eventId === view.eventId) return 'duplicate';
  return Date.parse(view.at) - mark.countedAt < REPEAT_VIEW_WINDOW_MS ? 'repeat' : 'counted';
}

/** The day and block a fact is counted in. */
export const periodsOf = (f: AnalyticsFact) => {
  const day = dayOf(f.at);
  return [
    { span: 'day' as const, start: day },
    { span: 'block' as const, start: blockOf(day) },
  ];
};

function addFact(t: PeriodTotals, f: AnalyticsFact, span: PeriodSpan): void {
  if (f.kind === 'view') {
    t.views += 1;
    t.listingViews.set(f.listingId, (t.listingViews.get(f.listingId) ?? 0) + 1);
    if (span === 'day') addToSketch(t.viewers, f.viewerKey);
    return;
  }
  if (f.kind === 'message') t.messages += 1;
  else if (f.kind === 'offer') t.offers += 1;
  else {
    t.sales += 1;
    t.revenueCents += f.amountCents;
    t.feeCents += f.feeCents;
    for (const l of f.listings) t.listingRevenue.set(l.listingId, (t.listingRevenue.get(l.listingId) ?? 0) + l.cents);
  }
}

/**
 * Decides each of a seller's facts against the state read (in time order, so two views of one viewer in one batch
 * are judged against each other) and makes the writes that count them: the marks (conditional on the marks read),
 * the days and blocks (conditional on the versions read) and the activity entries. Outcomes are in `facts`' order.
 */
export function tallyFacts(
  sellerId: string,
  facts: readonly AnalyticsFact[],
  state: FactState,
): { outcomes: FactOutcome[]; writes: FactWrites } {
  const outcomes: FactOutcome[] = new Array<FactOutcome>(facts.length);
  const marks = new Map(state.marks);
  const written = new Map<string, FactWrites['marks'][number]>();
  const touched = new Map<string, StoredPeriod>();
  const activity: FactWrites['activity'] = [];
  const order = facts.map((_, i) => i).sort((a, b) => Date.parse(facts[a]!.at) - Date.parse(facts[b]!.at));
  for (const i of order) {
    const f = facts[i]!;
    const key = markKeyOf(f);
    const mark = marks.get(key);
    const outcome: FactOutcome = f.kind === 'view' ? viewOutcome(f, mark) : mark ? 'duplicate' : 'counted';
    outcomes[i] = outcome;
    if (outcome !== 'counted') continue;
    const eventId = f.kind === 'view' ? f.eventId : f.key;
    const next: CountMark = { countedAt: Date.parse(f.at), eventId };
    marks.set(key, next);
    written.set(key, {
      key,
      mark: next,
      read: state.marks.get(key),
      ttlSeconds: Math.floor(next.countedAt / 1000) + (f.kind === 'view' ? VIEW_MARK_TTL_S : FACT_MARK_TTL_S),
    });
    for (const { span, start } of periodsOf(f)) {
      const id = periodId(span, start);
      const period = touched.get(id) ?? state.periods.get(id) ?? { span, start, totals: emptyTotals(), version: null };
      touched.set(id, period);
      addFact(period.totals, f, span);
    }
    if (f.kind !== 'view') activity.push({ sellerId, entry: f.activity });
  }
  return { outcomes, writes: { marks: [...written.values()], periods: [...touched.values()], activity } };
}

/** Rounds of read-decide-write a batch gets before it fails (and its events come back from the queue). */
const ATTEMPTS = 5;

/**
 * Counts a batch of one seller's facts (decision 056): reads their marks, days and blocks, decides, and writes it all
 * in one transaction conditional on what was read; when another writer got there first, reads and decides again. A
 * redelivered event finds its own mark and counts nothing twice.
 */
export async function countFacts(
  sellerId: string,
  facts: readonly AnalyticsFact[],
  store: AnalyticsWriteStore,
): Promise<FactOutcome[]> {
  const markKeys = [...new Set(facts.map(markKeyOf))];
  const periods = [...new Map(facts.flatMap(periodsOf).map((p) => [periodId(p.span, p.start), p])).values()];
  for (let attempt = 1; ; attempt++) {
    const state = await store.load(sellerId, markKeys, periods);
    const { outcomes, writes } = tallyFacts(sellerId, facts, state);
    if (writes.marks.length === 0) return outcomes;
    if (await store.save(sellerId, writes)) return outcomes;
    if (attempt === ATTEMPTS) throw new Error(`analytics of ${sellerId}: the write lost ${ATTEMPTS} races`);
  }
}
