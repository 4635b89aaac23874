import { topicOwner, userTopic, type DomainEventOf } from '../../../shared/events';
import type { OrderRecord } from '../orders/order';
import type { AnalyticsFact } from './ports';

/** The domain events Analytics counts (decision 056). */
export type AnalyticsEvent = DomainEventOf<'listing.viewed' | 'message.created' | 'offer.updated' | 'order.updated'>;

/** A conversation's parties and subject, as a message or offer in it is counted. */
export interface ConversationParties {
  buyerId: string;
  buyerUsername: string;
  sellerId: string;
  listingId: string | null;
  listingTitle: string | null;
}

export interface FactLookups {
  conversation(conversationId: string): Promise<ConversationParties | null>;
  order(
    orderId: string,
  ): Promise<Pick<
    OrderRecord,
    'orderId' | 'sellerId' | 'buyerUsername' | 'lines' | 'totalCents' | 'fee' | 'completedAt'
  > | null>;
}

/**
 * A sale's released amount split by listing: each line its items and its own shipping; what the order charged beyond
 * its lines (calculated shipping) goes with its first line, so the parts add up to the amount released.
 */
export function saleShares(order: Pick<OrderRecord, 'lines' | 'totalCents'>): { listingId: string; cents: number }[] {
  const shares = new Map<string, number>();
  for (const l of order.lines) {
    shares.set(l.listingId, (shares.get(l.listingId) ?? 0) + l.unitPriceCents * l.quantity + l.shippingCents);
  }
  const first = order.lines[0]?.listingId;
  const rest = order.totalCents - [...shares.values()].reduce((a, b) => a + b, 0);
  if (first !== undefined && rest !== 0) shares.set(first, Math.max(0, shares.get(first)! + rest));
  return [...shares].map(([listingId, cents]) => ({ listingId, cents }));
}

const saleSubject = (lines: OrderRecord['lines']) => (lines.length === 1 ? lines[0]!.title : `${lines.length} items`);

/**
 * The fact an event is to a seller's Analytics, or null when it is none: a view; a text message the seller received
 * from the buyer of the conversation (the recipient's copy of message.created); an offer the buyer sent the seller
 * (a first offer or the buyer's counter, on the seller's copy of offer.updated, while pending); a sale, when its
 * escrow was released (the seller's copy of order.updated to completed).
 */
export async function factOfEvent(event: AnalyticsEvent, lookups: FactLookups): Promise<AnalyticsFact | null> {
  switch (event.type) {
    case 'listing.viewed':
      return { kind: 'view', ...event.data, at: event.occurredAt, eventId: event.id };
    case 'message.created': {
      const m = event.data.message;
      const recipient = topicOwner(event.topic);
      if (event.data.unread === null || m.type !== 'text' || !recipient || recipient === m.senderId) return null;
      const c = await lookups.conversation(m.conversationId);
      if (!c || c.sellerId !== recipient || c.buyerId !== m.senderId) return null;
      const key = `message:${m.id}`;
      return {
        kind: 'message',
        sellerId: c.sellerId,
        key,
        at: m.createdAt,
        amountCents: 0,
        feeCents: 0,
        listings: [],
        activity: {
          id: key,
          kind: 'message',
          at: m.createdAt,
          username: m.senderUsername,
          subject: c.listingTitle,
          listingId: c.listingId,
          amountCents: null,
        },
      };
    }
    case 'offer.updated': {
      const o = event.data.offer;
      if (o.status !== 'pending' || o.senderId !== o.buyerId || event.topic !== userTopic(o.sellerId)) return null;
      const c = await lookups.conversation(o.conversationId);
      if (!c) return null;
      const key = `offer:${o.id}`;
      return {
        kind: 'offer',
        sellerId: o.sellerId,
        key,
        at: o.createdAt,
        amountCents: o.amountCents,
        feeCents: 0,
        listings: [],
        activity: {
          id: key,
          kind: 'offer',
          at: o.createdAt,
          username: c.buyerUsername,
          subject: c.listingTitle,
          listingId: o.listingId,
          amountCents: o.amountCents,
        },
      };
    }
    case 'order.updated': {
      if (event.data.status !== 'completed') return null;
      const order = await lookups.order(event.data.orderId);
      if (!order || event.topic !== userTopic(order.sellerId)) return null;
      const key = `sale:${order.orderId}`;
      const at = order.completedAt ?? event.occurredAt;
      return {
        kind: 'sale',
        sellerId: order.sellerId,
        key,
        at,
        amountCents: order.totalCents,
        feeCents: order.fee?.cents ?? 0,
        listings: saleShares(order),
        activity: {
          id: key,
          kind: 'sale',
          at,
          username: order.buyerUsername,
          subject: saleSubject(order.lines),
          listingId: order.lines.length === 1 ? order.lines[0]!.listingId : null,
          amountCents: order.totalCents,
        },
      };
    }
  }
}
