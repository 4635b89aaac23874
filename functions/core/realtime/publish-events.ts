import type { DomainEvent } from '../../../shared/events';
import { handleEvent, type EventRegistry } from './handle-event';

/**
 * The events queue's consumer: each domain event goes to its handler in the registry (socket events fan out to their
 * topic's sockets, notify.requested stores and pushes a notification, listing.closed declines open offers).
 */
export function publishEvents(event: DomainEvent, registry: EventRegistry): Promise<unknown> {
  return handleEvent(event, registry);
}
