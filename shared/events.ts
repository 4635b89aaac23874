import { z } from 'zod';

/**
 * Messages of the events queue and of the WebSocket. A domain event names the topic its subscribers listen on
 * (e.g. `listing:<id>` for a listing's bids, `signing:<uuid>` for a signing request's status); the publisher pushes it to every socket subscribed to that topic.
 */
export const TOPIC_PATTERN =
  /^(listing:[0-9A-Za-z]{1,64}|signing:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Status changes of one signing request (wallet sign-in, later escrow, fee and trust-line signing). */
export const signingTopic = (uuid: string) => `signing:${uuid}`;
export const topicSchema = z.string().regex(TOPIC_PATTERN, 'Unknown topic');

export const domainEventSchema = z.object({
  id: z.string().min(1),
  topic: topicSchema,
  type: z.string().min(1).max(64),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type DomainEvent = z.infer<typeof domainEventSchema>;

/** What a browser may send on the socket. */
export const clientSocketMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('subscribe'), topic: topicSchema }).strict(),
  z.object({ action: z.literal('unsubscribe'), topic: topicSchema }).strict(),
  z.object({ action: z.literal('ping') }).strict(),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

/** What the server sends on the socket. */
export type ServerSocketMessage =
  | { type: 'event'; topic: string; event: DomainEvent }
  | { type: 'subscribed' | 'unsubscribed'; topic: string }
  | { type: 'pong' }
  | { type: 'error'; message: string };

export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 50;
/** API Gateway closes WebSocket connections after 2 hours. */
export const CONNECTION_LIFETIME_SECONDS = 2 * 60 * 60;
