import { domainEventSchema, type DomainEvent } from '../../shared/events';
import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { notificationDeps } from '../adapters/notification-deps';
import { offerDeps } from '../adapters/offer-deps';
import { socketSender } from '../adapters/socket-sender';
import { notify } from '../core/notifications/notify';
import { declineOpenOffers } from '../core/offers/decline-offers';
import { subscribersOncePerBatch } from '../core/realtime/batch-subscribers';
import type { RealtimeStore } from '../core/realtime/ports';
import { eventRegistry, handleEvent, type EventRegistry } from '../core/realtime/handle-event';
import type { Logger } from '../lib/logger';
import { sqsConsumer } from '../wiring/jobs';

/**
 * Built per message from the adapters (cheap objects; the clients underneath are shared singletons). The events a
 * handler raises (a stored notification's push) are handled here at once instead of taking another trip through the
 * queue: they fail and retry with the event that raised them, and every handler may run twice.
 */
function registry(log: Logger, store: RealtimeStore): EventRegistry {
  const handleHere = {
    publish: async (events: readonly DomainEvent[]) => void (await Promise.all(events.map(handle))),
  };
  const own: EventRegistry = eventRegistry({
    store,
    sender: socketSender,
    now: () => new Date(),
    notify: (request) => notify(request, { ...notificationDeps(), events: handleHere }),
    listingClosed: (listingId) => declineOpenOffers(listingId, offerDeps(log)),
  });
  function handle(event: DomainEvent) {
    return handleEvent(event, own);
  }
  return own;
}

/**
 * Consumer of the events queue: each domain event goes to its handler (core/realtime/handle-event.ts): socket events
 * fan out to their topic's sockets, notify.requested stores and pushes a notification, listing.closed declines the
 * listing's open offers. Events of a batch are independent, so they run side by side; a failed one comes back alone.
 */
export const handler = sqsConsumer(
  'jobs/publish-events',
  domainEventSchema,
  async (event, { log, batch }) => {
    const result = await handleEvent(event, registry(log, batch));
    log.info('event handled', { eventId: event.id, type: event.type, result });
  },
  { concurrent: true, perBatch: () => subscribersOncePerBatch(realtimeStore(db())) },
);
