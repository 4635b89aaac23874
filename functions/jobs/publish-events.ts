import { domainEventSchema } from '../../shared/events';
import { publishEvents } from '../core/realtime/publish-events';
import { sqsConsumer } from '../wiring/jobs';
import { publishEventsDeps, realtimeBatch } from '../wiring/realtime';

/**
 * Consumer of the events queue: each domain event goes to its handler (core/realtime/handle-event.ts): socket events
 * fan out to their topic's sockets, notify.requested stores and pushes a notification, listing.closed declines the
 * listing's open offers. Events of a batch are independent, so they run side by side; a failed one comes back alone.
 */
export const handler = sqsConsumer(
  'jobs/publish-events',
  domainEventSchema,
  async (event, { log, batch }) => {
    const result = await publishEvents(event, publishEventsDeps(log, batch));
    log.info('event handled', { eventId: event.id, type: event.type, result });
  },
  { concurrent: true, perBatch: realtimeBatch },
);
