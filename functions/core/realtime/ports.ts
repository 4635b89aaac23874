import type { DomainEvent, ServerSocketMessage } from '../../../shared/events';

/** A connection subscribed to a topic; on a private topic, with the session it follows it in (decision 078). */
export interface Subscriber {
  connectionId: string;
  sessionId?: string;
}

/** Connection and subscription records (the table) and delivery to sockets (the @connections API). */
export interface RealtimeStore {
  saveConnection(c: {
    connectionId: string;
    userId?: string;
    sessionId?: string;
    connectedAt: string;
    ttl: number;
  }): Promise<void>;
  /** Removes the connection and all its subscriptions. */
  removeConnection(connectionId: string): Promise<void>;
  /**
   * The connection's user and session (set by $connect's authorizer from its ticket; none for an anonymous socket) and
   * topics; undefined if gone.
   */
  getConnection(connectionId: string): Promise<{ userId?: string; sessionId?: string; topics: string[] } | undefined>;
  /** `sessionId`: the connection's session, kept on a private topic's subscription. */
  subscribe(connectionId: string, topic: string, ttl: number, sessionId?: string): Promise<void>;
  unsubscribe(connectionId: string, topic: string): Promise<void>;
  /** Connections subscribed to a topic whose records have not expired at `nowEpochSeconds`. */
  subscribersOf(topic: string, nowEpochSeconds: number): Promise<Subscriber[]>;
}

/** A socket ticket as stored: by the hash of the ticket, for one user's session, until it expires (decision 078). */
export interface SocketTicketRecord {
  ticketHash: string;
  userId: string;
  sessionId: string;
  expiresAt: string;
}

export interface SocketTicketStore {
  save(ticket: SocketTicketRecord): Promise<void>;
  /** Deletes the ticket and answers what it held, once: null when it was used already or never issued. */
  take(ticketHash: string): Promise<SocketTicketRecord | null>;
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
