import type { DomainEvent, DomainEventOf, SocketEvent } from '../../../shared/events';
import type { AnalyticsEvent } from '../analytics/facts-of-events';
import type { SessionStore } from '../auth/ports';
import type { Clock } from '../clock/clock';
import type { NotifyRequest } from '../notifications/notify';
import { publishEvent, type FanOutResult } from './publish-event';
import type { RealtimeStore, SocketSender } from './ports';

type EventType = DomainEvent['type'];
export type EventHandler<T extends EventType> = (event: DomainEventOf<T>) => Promise<unknown>;
/** One handler per event type: a type added to shared/events.ts without its handler here fails the typecheck. */
export type EventRegistry = { [T in EventType]: EventHandler<T> };

export interface EventRegistryDeps {
  store: RealtimeStore;
  sender: SocketSender;
  clock: Clock;
  /** Private topics reach only sockets whose session is live (decision 078). */
  sessions: Pick<SessionStore, 'get'>;
  /** core/notifications' notify, wired by the events consumer with its adapters. */
  notify: (request: NotifyRequest) => Promise<unknown>;
  /** core/offers' decline of the offers still open on a sold-out listing (decision 033). */
  listingClosed: (listingId: string) => Promise<unknown>;
  /** core/messages' system note about an order in its conversation (decision 053), at the event's time. */
  orderNote: (request: DomainEventOf<'order.note.requested'>['data'], at: Date) => Promise<unknown>;
  /** core/follows' chunk of a new listing's notices to the seller's followers (decision 058). */
  listingPublished: (event: DomainEventOf<'listing.published'>) => Promise<unknown>;
  /** core/analytics' count of a view, a message or offer received, or a sale into the seller's figures (056). */
  analytics: (event: AnalyticsEvent) => Promise<unknown>;
  /** core/analytics' recount of a seller's active listings. */
  recountActiveListings: (sellerId: string) => Promise<unknown>;
}

/** What the events consumer does with each event: socket events fan out to their topic, the others run a use case. */
export function eventRegistry(deps: EventRegistryDeps): EventRegistry {
  const fanOut = (event: SocketEvent): Promise<FanOutResult> =>
    publishEvent(event, { store: deps.store, sender: deps.sender, clock: deps.clock, sessions: deps.sessions });
  // Socket events Analytics also counts: both happen, and a retry repeats both (each is safe to repeat).
  const fanOutAndCount = async (event: SocketEvent & AnalyticsEvent): Promise<FanOutResult> =>
    (await Promise.all([fanOut(event), deps.analytics(event)]))[0];
  return {
    'signing.status': fanOut,
    'order.updated': fanOutAndCount,
    'bid.placed': fanOut,
    'auction.ended': fanOut,
    'notification.created': fanOut,
    'notifications.read': fanOut,
    'notify.requested': (event) => deps.notify(event.data),
    'message.created': fanOutAndCount,
    'conversation.read': fanOut,
    'offer.updated': fanOutAndCount,
    'listing.closed': (event) => deps.listingClosed(event.data.listingId),
    'order.note.requested': (event) => deps.orderNote(event.data, new Date(event.occurredAt)),
    'listing.published': (event) => deps.listingPublished(event),
    'listing.viewed': (event) => deps.analytics(event),
    'analytics.listings.stale': (event) => deps.recountActiveListings(event.data.sellerId),
  };
}

export class UnhandledEventError extends Error {
  constructor(readonly eventType: string) {
    super(`No handler for event type ${eventType}`);
    this.name = 'UnhandledEventError';
  }
}

/**
 * Dispatches one event by its type. A type without a handler throws (never a silent drop): the message fails, comes
 * back and ends in the events queue's dead-letter queue, where it waits for the handler.
 */
export async function handleEvent(event: DomainEvent, registry: Partial<EventRegistry>): Promise<unknown> {
  const handler = registry[event.type] as EventHandler<EventType> | undefined;
  if (!handler) throw new UnhandledEventError(event.type);
  return handler(event);
}
