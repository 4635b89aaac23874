import * as z from 'zod/mini';
import './zod-locale';
import { RESERVE_STATUSES } from './domain/bids';
import { SIGNING_PURPOSES } from './domain/signing';
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationSchema,
  notificationTypeSchema,
} from './domain/notification';
import { ORDER_STATUSES } from './domain/order-status';
import { SIGN_IN_POLL } from './domain/sign-in-poll';
import { MESSAGE_MAX_LENGTH, messageSchema, unreadCountsSchema } from './domain/messages';
import { offerSchema } from './domain/offers';

/**
 * Every message of the events queue and of the WebSocket, each a named zod schema: producers build them, the events
 * consumer and the browser parse them here. An event with a `topic` is pushed to every socket subscribed to it.
 *
 * Topics: `listing:<id>` (public: bids, ends), `signing:<uuid>` (public, unguessable: one signing request's status),
 * `user:<id>` (private: only a socket authenticated as that user may subscribe).
 */
const LISTING_TOPIC = /^listing:[0-9A-Za-z]{1,64}$/;
const SIGNING_TOPIC = /^signing:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const USER_TOPIC = /^user:[0-9A-Za-z]{1,64}$/;
export const TOPIC_PATTERN = new RegExp(
  `(${[LISTING_TOPIC, SIGNING_TOPIC, USER_TOPIC].map((r) => r.source).join(')|(')})`,
);

export const listingTopic = (listingId: string) => `listing:${listingId}`;
/** Status changes of one signing request (wallet sign-in, later escrow, fee and trust-line signing). */
export const signingTopic = (uuid: string) => `signing:${uuid}`;
export const userTopic = (userId: string) => `user:${userId}`;
/** The user a private topic belongs to, or null for a public topic. */
export function topicOwner(topic: string): string | null {
  return USER_TOPIC.test(topic) ? topic.slice('user:'.length) : null;
}
export const topicSchema = z.string().check(z.regex(TOPIC_PATTERN, 'Unknown topic'));

/** Fields every event has. `id` is stable per fact, so a redelivered or re-sent event is recognisably the same. */
const eventBase = { id: z.string().check(z.minLength(1), z.maxLength(200)), occurredAt: z.string() };

export const signingStatusEvent = z.object({
  ...eventBase,
  type: z.literal('signing.status'),
  topic: topicSchema,
  data: z.object({
    uuid: z.uuid(),
    purpose: z.enum(SIGNING_PURPOSES),
    status: z.enum(['pending', 'signed', 'cancelled', 'expired', 'timed_out']),
  }),
});

/** An order moved (paid into escrow, cancelled): pushed on both parties' `user:<id>` topics, whose pages refetch it. */
export const orderUpdatedEvent = z.object({
  ...eventBase,
  type: z.literal('order.updated'),
  topic: topicSchema,
  data: z.object({
    orderId: z.string().check(z.minLength(1), z.maxLength(64)),
    status: z.enum(ORDER_STATUSES),
  }),
});

/**
 * A bid was accepted: pushed on the listing's public topic, so every open page shows the new price, count, end (soft
 * close) and reserve line and adds the history line. Never a maximum. Whether the bid leads is public anyway: the
 * history's top line is the leader at the current price.
 */
export const bidPlacedEvent = z.object({
  ...eventBase,
  type: z.literal('bid.placed'),
  topic: topicSchema,
  data: z.object({
    listingId: z.string().check(z.minLength(1), z.maxLength(64)),
    currentBidCents: z.number().check(z.int(), z.nonnegative()),
    bidCount: z.number().check(z.int(), z.positive()),
    endsAt: z.string(),
    reserveStatus: z.enum(RESERVE_STATUSES),
    /** The first bid took Buy It Now away. */
    buyItNowRemoved: z.boolean(),
    /** The bid leads (else the leader's proxy beat it and the leader's history line rose to the price). */
    leads: z.boolean(),
    bid: z.object({
      id: z.string(),
      bidderUsername: z.string(),
      amountCents: z.number().check(z.int(), z.nonnegative()),
      at: z.string(),
    }),
  }),
});

/**
 * The close schedule ended an auction (decision 029): pushed on the listing's public topic, so open pages stop
 * taking bids and show it Ended (or Sold). Never who won or at what maximum.
 */
export const auctionEndedEvent = z.object({
  ...eventBase,
  type: z.literal('auction.ended'),
  topic: topicSchema,
  data: z.object({
    listingId: z.string().check(z.minLength(1), z.maxLength(64)),
    status: z.enum(['sold', 'ended']),
    result: z.enum(['sold', 'no_bids', 'reserve_not_met']),
  }),
});

/** A notification was stored for a user: pushed on `user:<id>` so the bell moves without a reload. */
export const notificationCreatedEvent = z.object({
  ...eventBase,
  type: z.literal('notification.created'),
  topic: topicSchema,
  data: z.object({ notification: notificationSchema, unreadCount: z.number().check(z.int(), z.nonnegative()) }),
});

/** Some or all of a user's notifications were marked read (other tabs update their badge). */
export const notificationsReadEvent = z.object({
  ...eventBase,
  type: z.literal('notifications.read'),
  topic: topicSchema,
  data: z.object({
    ids: z.nullable(z.array(z.string()).check(z.maxLength(100))),
    unreadCount: z.number().check(z.int(), z.nonnegative()),
  }),
});

/**
 * A message was sent: pushed on both parties' `user:<id>` topics, so the other party's open chat shows it at once (and
 * the sender's other tabs). The recipient's copy carries their new unread counts (conversation and header); the
 * sender's has none.
 */
export const messageCreatedEvent = z.object({
  ...eventBase,
  type: z.literal('message.created'),
  topic: topicSchema,
  data: z.object({ message: messageSchema, unread: z.nullable(unreadCountsSchema) }),
});

/**
 * A party read a conversation: the reader's topic gets their new unread total (the header of other tabs), the other
 * party's topic when it was read (their chat's 'Seen').
 */
export const conversationReadEvent = z.object({
  ...eventBase,
  type: z.literal('conversation.read'),
  topic: topicSchema,
  data: z.object({
    conversationId: z.string(),
    readerId: z.string(),
    readAt: z.string(),
    unreadCount: z.nullable(z.number().check(z.int(), z.nonnegative())),
  }),
});

/**
 * An offer was made, countered or answered, or it expired or was declined: pushed on both parties' `user:<id>` topics
 * so an open chat updates the offer's card (status, buttons, expiry) without a read. The messages a change writes
 * ('Made an offer of $X', 'Offer {status}') travel as message.created beside it.
 */
export const offerUpdatedEvent = z.object({
  ...eventBase,
  type: z.literal('offer.updated'),
  topic: topicSchema,
  data: z.object({ offer: offerSchema }),
});

/**
 * A listing left sale: its last unit was sold, or its seller ended it. Not pushed to sockets; the events consumer
 * declines the offers still open on it (decision 033). Handled once per listing however often it is delivered.
 */
export const listingClosedEvent = z.object({
  ...eventBase,
  type: z.literal('listing.closed'),
  data: z.object({
    listingId: z.string().check(z.minLength(1), z.maxLength(64)),
    reason: z.enum(['sold', 'ended']),
  }),
});

/**
 * A feature asks for a user to be notified (the one way every feature notifies). Not pushed to sockets: the events
 * consumer calls core's `notify`, which stores it once per `dedupeKey` and publishes notification.created.
 */
export const notifyRequestedEvent = z.object({
  ...eventBase,
  type: z.literal('notify.requested'),
  data: z.object({
    userId: z.string().check(z.minLength(1), z.maxLength(64)),
    type: notificationTypeSchema,
    title: z.string().check(z.minLength(1), z.maxLength(NOTIFICATION_TITLE_MAX)),
    message: z.string().check(z.minLength(1), z.maxLength(NOTIFICATION_MESSAGE_MAX)),
    relatedId: z.nullable(z.string().check(z.minLength(1), z.maxLength(64))),
    /** At most one notification per user and key (e.g. `auction_ending:<listingId>`). */
    dedupeKey: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
});

/**
 * A note about an order for its conversation (decision 053): the events consumer writes it as a system message from
 * `senderId` (one of the order's parties), once per `noteKey`.
 */
export const orderNoteRequestedEvent = z.object({
  ...eventBase,
  type: z.literal('order.note.requested'),
  data: z.object({
    orderId: z.string().check(z.minLength(1), z.maxLength(64)),
    senderId: z.string().check(z.minLength(1), z.maxLength(64)),
    content: z.string().check(z.minLength(1), z.maxLength(MESSAGE_MAX_LENGTH)),
    noteKey: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
});

/**
 * A listing went on sale (created, or an auction relisted): the events consumer tells the seller's followers a chunk
 * at a time (decision 058). The first event has chunk 0 and no cursor; each chunk that leaves followers sends the
 * next, with the cursor where it stopped.
 */
export const listingPublishedEvent = z.object({
  ...eventBase,
  type: z.literal('listing.published'),
  data: z.object({
    listingId: z.string().check(z.minLength(1), z.maxLength(64)),
    sellerId: z.string().check(z.minLength(1), z.maxLength(64)),
    sellerUsername: z.string().check(z.minLength(1), z.maxLength(40)),
    title: z.string().check(z.minLength(1), z.maxLength(200)),
    chunk: z.number().check(z.int(), z.nonnegative()),
    cursor: z.nullable(z.string().check(z.minLength(1), z.maxLength(4096))),
  }),
});

/**
 * A listing page was shown to someone other than its seller, not a bot (decision 056). Not pushed to sockets: the
 * events consumer counts it into the seller's analytics unless the same viewer's view of the listing counted within
 * the last 30 minutes. `viewerKey` is `u:<userId>` for a signed-in viewer, else `a:` and a hash of the address and
 * browser made with a salt that is forgotten after the day.
 */
export const listingViewedEvent = z.object({
  ...eventBase,
  type: z.literal('listing.viewed'),
  data: z.object({
    listingId: z.string().check(z.minLength(1), z.maxLength(64)),
    sellerId: z.string().check(z.minLength(1), z.maxLength(64)),
    viewerKey: z.string().check(z.minLength(3), z.maxLength(80)),
  }),
});

/**
 * The seller's active listings were last counted too long ago for their Analytics (decision 056): the events consumer
 * counts them again (at most once a minute per seller).
 */
export const activeListingsStaleEvent = z.object({
  ...eventBase,
  type: z.literal('analytics.listings.stale'),
  data: z.object({ sellerId: z.string().check(z.minLength(1), z.maxLength(64)) }),
});

/** A message of the signing queue: check number `attempt` of one pending signing request (delayed per the poll). */
export const signingCheckMessage = z.object({
  uuid: z.uuid(),
  purpose: z.enum(SIGNING_PURPOSES),
  attempt: z.number().check(z.int(), z.gte(1), z.lte(SIGN_IN_POLL.maxChecks)),
});
export type SigningCheckMessage = z.infer<typeof signingCheckMessage>;

/** A message of the media queue: thumbnails for photos newly attached to one listing. */
export const thumbnailRequestMessage = z.object({
  listingId: z.string().check(z.minLength(1), z.maxLength(64)),
  keys: z.array(z.string().check(z.minLength(1), z.maxLength(512))).check(z.minLength(1), z.maxLength(20)),
});
export type ThumbnailRequestMessage = z.infer<typeof thumbnailRequestMessage>;

/** Events pushed to sockets (each carries a topic). */
export const socketEventSchema = z.discriminatedUnion('type', [
  signingStatusEvent,
  orderUpdatedEvent,
  bidPlacedEvent,
  auctionEndedEvent,
  notificationCreatedEvent,
  notificationsReadEvent,
  messageCreatedEvent,
  conversationReadEvent,
  offerUpdatedEvent,
]);
export type SocketEvent = z.infer<typeof socketEventSchema>;

/** Every message of the events queue. */
export const domainEventSchema = z.discriminatedUnion('type', [
  signingStatusEvent,
  orderUpdatedEvent,
  bidPlacedEvent,
  auctionEndedEvent,
  notificationCreatedEvent,
  notificationsReadEvent,
  notifyRequestedEvent,
  messageCreatedEvent,
  conversationReadEvent,
  offerUpdatedEvent,
  listingClosedEvent,
  orderNoteRequestedEvent,
  listingPublishedEvent,
  listingViewedEvent,
  activeListingsStaleEvent,
]);
export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

/** The message schema of each queue of functions/routes.ts: producers send and consumers parse through it. */
export const queueMessageSchemas = {
  events: domainEventSchema,
  signing: signingCheckMessage,
  media: thumbnailRequestMessage,
} as const;
export type QueueName = keyof typeof queueMessageSchemas;
export type QueueMessage<Q extends QueueName> = z.infer<(typeof queueMessageSchemas)[Q]>;

/** What a browser may send on the socket. */
export const clientSocketMessageSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('subscribe'), topic: topicSchema }),
  z.strictObject({ action: z.literal('unsubscribe'), topic: topicSchema }),
  z.strictObject({ action: z.literal('ping') }),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

/** What the server sends on the socket. */
export const serverSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), topic: z.string(), event: socketEventSchema }),
  z.object({ type: z.enum(['subscribed', 'unsubscribed']), topic: z.string() }),
  z.object({ type: z.literal('pong') }),
  /** A message the server could not take; `topic` when a subscribe or unsubscribe of that topic was refused. */
  z.object({ type: z.literal('error'), message: z.string(), topic: z.optional(z.string()) }),
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessageSchema>;

export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 50;
/** A browser's messages are small; anything longer is refused with an error frame before parsing. */
export const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;
/** API Gateway closes WebSocket connections after 2 hours. */
export const CONNECTION_LIFETIME_SECONDS = 2 * 60 * 60;
