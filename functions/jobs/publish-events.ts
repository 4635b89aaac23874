import { domainEventSchema } from '../../shared/events';
import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { notificationDeps } from '../adapters/notification-deps';
import { offerDeps } from '../adapters/offer-deps';
import { socketSender } from '../adapters/socket-sender';
import { notify } from '../core/notifications/notify';
import { declineOpenOffers } from '../core/offers/decline-offers';
import { eventRegistry, handleEvent } from '../core/realtime/handle-event';
import type { Logger } from '../lib/logger';
import { sqsConsumer } from '../lib/sqs-consumer';

/** Built per message from the adapters (cheap objects; the clients underneath are shared singletons). */
const registry = (log: Logger) =>
  eventRegistry({
    store: realtimeStore(db()),
    sender: socketSender,
    now: () => new Date(),
    notify: (request) => notify(request, notificationDeps()),
    listingClosed: (listingId) => declineOpenOffers(listingId, offerDeps(log)),
  });

/**
 * Consumer of the events queue: each domain event goes to its handler (core/realtime/handle-event.ts): socket events
 * fan out to their topic's sockets, notify.requested stores and pushes a notification, listing.closed declines the
 * listing's open offers. Events of a batch are
 * independent, so they run side by side; a failed one comes back alone.
 */
export const handler = sqsConsumer(
  'jobs/publish-events',
  domainEventSchema,
  async (event, { log }) => {
    const result = await handleEvent(event, registry(log));
    log.info('event handled', { eventId: event.id, type: event.type, result });
  },
  { concurrent: true },
);
