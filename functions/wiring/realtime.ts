import type { DomainEvent } from '../../shared/events';
import { notify } from '../core/notifications/notify';
import { notifyFollowers } from '../core/follows/notify-followers';
import { declineOpenOffers } from '../core/offers/decline-offers';
import { postOrderNote } from '../core/messages/order-notes';
import { messageStore } from '../adapters/db/message-store';
import { orderStore } from '../adapters/db/order-store';
import { subscribersOncePerBatch } from '../core/realtime/batch-subscribers';
import { eventRegistry, handleEvent, type EventRegistry } from '../core/realtime/handle-event';
import type { RealtimeStore } from '../core/realtime/ports';
// Real time, as these use cases read it before the Clock port: moving them to the functions' clock is its own step.
import { systemClock as clock } from '../core/clock/clock';
import { realtimeStore } from '../adapters/db/realtime-store';
import { sessionStore } from '../adapters/db/session-store';
import { db } from '../adapters/db/service';
import { socketSender } from '../adapters/socket-sender';
import type { Logger } from '../lib/logger';
import { notifyDeps } from './notifications';
import { declineOpenOffersDeps } from './offers';
import { notifyFollowersDeps } from './follows';
import { countAnalyticsEventDeps, recountActiveListingsDeps } from './analytics';
import { countAnalyticsEvent } from '../core/analytics/count-analytics-event';
import { recountActiveListings } from '../core/analytics/recount-active-listings';

/**
 * The events consumer's registry, built per message from the adapters (cheap objects; the clients underneath are
 * shared singletons). The events a handler raises (a stored notification's push) are handled here at once instead of
 * taking another trip through the queue: they fail and retry with the event that raised them, and every handler may
 * run twice.
 */
export function publishEventsDeps(log: Logger, store: RealtimeStore): EventRegistry {
  const handleHere = {
    publish: async (events: readonly DomainEvent[]) => void (await Promise.all(events.map(handle))),
  };
  const own: EventRegistry = eventRegistry({
    store,
    sender: socketSender,
    clock,
    sessions: sessionStore(db()),
    notify: (request) => notify(request, { ...notifyDeps(), events: handleHere }),
    listingClosed: (listingId) => declineOpenOffers(listingId, declineOpenOffersDeps(log)),
    orderNote: (request, at) =>
      postOrderNote(request, at, { orders: orderStore(db()), store: messageStore(db()), events: handleHere, clock }),
    // Its notices go onto the queue (a chunk's worth is too many to push within this invocation).
    listingPublished: (event) => notifyFollowers(event.data, notifyFollowersDeps(), event.occurredAt),
    analytics: (event) => countAnalyticsEvent(event, countAnalyticsEventDeps()),
    recountActiveListings: (sellerId) => recountActiveListings(sellerId, recountActiveListingsDeps()),
  });
  function handle(event: DomainEvent) {
    return handleEvent(event, own);
  }
  return own;
}

/** The socket table as one batch of the events queue reads it: each topic's subscribers once. */
export const realtimeBatch = () => subscribersOncePerBatch(realtimeStore(db()));

export function openConnectionDeps() {
  return { store: realtimeStore(db()), clock };
}

export function closeConnectionDeps() {
  return { store: realtimeStore(db()) };
}

export function answerSocketMessageDeps() {
  return { store: realtimeStore(db()), sender: socketSender, clock, sessions: sessionStore(db()) };
}
