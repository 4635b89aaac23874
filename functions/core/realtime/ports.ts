import type { DomainEvent, ServerSocketMessage } from '../../../shared/events';

/** Connection and subscription records (the table) and delivery to sockets (the @connections API). */
export interface RealtimeStore {
  saveConnection(c: { connectionId: string; userId?: string; connectedAt: string; ttl: number }): Promise<void>;
  /** Removes the connection and all its subscriptions. */
  removeConnection(connectionId: string): Promise<void>;
  /** The connection's user (set by $connect's authorizer; none for an anonymous socket) and topics; undefined if gone. */
  getConnection(connectionId: string): Promise<{ userId?: string; topics: string[] } | undefined>;
  subscribe(connectionId: string, topic: string, ttl: number): Promise<void>;
  unsubscribe(connectionId: string, topic: string): Promise<void>;
  /** Connections subscribed to a topic whose records have not expired at `nowEpochSeconds`. */
  subscribersOf(topic: string, nowEpochSeconds: number): Promise<string[]>;
}

export interface SocketSender {
  /** 'gone' when the connection no longer exists. */
  send(connectionId: string, message: ServerSocketMessage): Promise<'sent' | 'gone'>;
}

/**
 * The one way producers emit domain events (shared/events.ts): onto the events queue, whose consumer pushes socket
 * events to their topic and runs the others (notify.requested). The adapter validates each event before sending.
 */
export interface EventPublisher {
  publish(events: readonly DomainEvent[]): Promise<void>;
}
