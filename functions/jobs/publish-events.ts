import { domainEventSchema } from '../../shared/events';
import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { notificationDeps } from '../adapters/notification-deps';
import { socketSender } from '../adapters/socket-sender';
import { notify } from '../core/notifications/notify';
import { eventRegistry, handleEvent } from '../core/realtime/handle-event';
import { sqsConsumer } from '../lib/sqs-consumer';

/** Built per message from the adapters (cheap objects; the clients underneath are shared singletons). */
const registry = () =>
  eventRegistry({
    store: realtimeStore(db()),
    sender: socketSender,
    now: () => new Date(),
    notify: (request) => notify(request, notificationDeps()),
  });

/**
 * Consumer of the events queue: each domain event goes to its handler (core/realtime/handle-event.ts): socket events
 * fan out to their topic's sockets, notify.requested stores and pushes a notification. Events of a batch are
 * independent, so they run side by side; a failed one comes back alone.
 */
export const handler = sqsConsumer(
  'jobs/publish-events',
  domainEventSchema,
  async (event, { log }) => {
    const result = await handleEvent(event, registry());
    log.info('event handled', { eventId: event.id, type: event.type, result });
  },
  { concurrent: true },
);
