import type { KeyedBatches } from '../../lib/keyed-batches';
import { countFacts } from './count-facts';
import { factOfEvent, type AnalyticsEvent, type FactLookups } from './facts-of-events';
import type { AnalyticsFact, AnalyticsWriteStore, FactOutcome } from './ports';

/** Facts of one seller counted in one transaction at most (each adds a mark and maybe an activity entry). */
export const FACTS_PER_WRITE = 20;

/**
 * The process's lane per seller (functions/lib/keyed-batches.ts): the facts of one seller that a batch of the events
 * queue brings together are counted in one read and one transaction, not one each.
 */
export type FactLane = KeyedBatches<AnalyticsFact, FactOutcome, never>;

export interface CountAnalyticsEventDeps {
  lookups: FactLookups;
  store: AnalyticsWriteStore;
  lane: FactLane;
}

/**
 * The events consumer's part for Analytics (decision 056): a view, a message or offer the seller received, or a sale
 * released, counted into the seller's day and block once (however often the event is delivered). 'ignored' for an
 * event that is no fact to any seller (the sender's copy of a message, a declined offer, an order that shipped).
 */
export async function countAnalyticsEvent(
  event: AnalyticsEvent,
  deps: CountAnalyticsEventDeps,
): Promise<FactOutcome | 'ignored'> {
  const fact = await factOfEvent(event, deps.lookups);
  if (!fact) return 'ignored';
  return deps.lane(fact.sellerId, fact, async (facts) =>
    (await countFacts(fact.sellerId, facts, deps.store)).map((value) => ({ status: 'fulfilled' as const, value })),
  );
}
