import type { EventPublisher } from '../core/realtime/ports';
import { sendBatchToQueue } from './queues';

/**
 * The events publisher: domain events onto the events queue, each validated with domainEventSchema first (an event
 * that doesn't fit its schema throws here, at its producer, instead of being dropped by the consumer).
 */
export const eventQueue: EventPublisher = {
  publish: (events) => sendBatchToQueue('events', events),
};
