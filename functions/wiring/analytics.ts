import { ulid } from 'ulid';
import type { CountAnalyticsEventDeps, FactLane } from '../core/analytics/count-analytics-event';
import { FACTS_PER_WRITE } from '../core/analytics/count-analytics-event';
import type { GetSellerAnalyticsDeps } from '../core/analytics/ports';
import type { RecordListingViewDeps } from '../core/analytics/record-listing-view';
import { isShown } from '../core/listings/get-listing';
import { clock } from '../adapters/clock';
import {
  activeListingCounter,
  analyticsReadStore,
  analyticsWriteStore,
  daySalts,
  factLookups,
} from '../adapters/db/analytics-store';
import { readByKey } from '../adapters/db/read-by-key';
import { db } from '../adapters/db/service';
import { eventQueue } from '../adapters/event-queue';
import { mediaUrl } from '../adapters/media-url';
import { keyedBatches } from '../lib/keyed-batches';
import type { Logger } from '../lib/logger';

/**
 * Analytics (decision 056). The facts of one seller that the events consumer handles side by side are counted
 * together: one lane per seller in this process.
 */
const lane: FactLane = keyedBatches(FACTS_PER_WRITE);

/** The listing page's beacon: the listing's seller (a batched key read), the day's salt, the events queue. */
export function recordListingViewDeps(): RecordListingViewDeps {
  return {
    async sellerOfShownListing(listingId) {
      const item = await readByKey(db().client, db().entities.listing, { listingId });
      const listing = item as { sellerId?: string; status?: string; auctionResult?: string } | undefined;
      return listing?.sellerId && isShown(listing as Parameters<typeof isShown>[0]) ? listing.sellerId : null;
    },
    daySalt: daySalts(db()),
    events: eventQueue,
    newId: ulid,
    clock,
  };
}

export function getSellerAnalyticsDeps(log: Pick<Logger, 'warn'>): GetSellerAnalyticsDeps {
  return {
    store: analyticsReadStore(db()),
    listings: activeListingCounter(db()),
    events: eventQueue,
    clock,
    mediaUrl,
    warn: (message, error) => log.warn(message, { error }),
  };
}

/** The events consumer's counting: the conversation or order a fact comes from, and the seller's lane. */
export function countAnalyticsEventDeps(): CountAnalyticsEventDeps {
  return { lookups: factLookups(db()), store: analyticsWriteStore(db()), lane };
}

export function recountActiveListingsDeps() {
  return { store: analyticsReadStore(db()), listings: activeListingCounter(db()), clock };
}
