import type { Clock } from '../clock/clock';
import { ACTIVE_LISTINGS_FRESH_MS } from './get-seller-analytics';
import type { ActiveListingCounter, AnalyticsReadStore } from './ports';

/**
 * Counts a seller's active listings again for their Analytics (decision 056), unless a count fresh enough was stored
 * meanwhile (the request is sent by every Analytics read that finds the count old, so several may come together).
 */
export async function recountActiveListings(
  sellerId: string,
  deps: { store: Pick<AnalyticsReadStore, 'activeListings'>; listings: ActiveListingCounter; clock: Clock },
): Promise<'fresh' | number> {
  const now = deps.clock.now();
  const last = await deps.store.activeListings(sellerId);
  if (last && now.getTime() - Date.parse(last.countedAt) <= ACTIVE_LISTINGS_FRESH_MS) return 'fresh';
  const count = await deps.listings.count(sellerId);
  await deps.listings.save(sellerId, count, now.toISOString());
  return count;
}
