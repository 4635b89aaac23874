import { MESSAGE_MAX_LENGTH } from '../../shared/domain/messages';
import { NOTIFICATION_MESSAGE_MAX } from '../../shared/domain/notification';
import type { OrderStatus } from '../../shared/domain/order-status';
import { userTopic } from '../../shared/events';

export interface PartyChange {
  orderId: string;
  /** The order's status, for the parties' pages (they read the order again). */
  status: OrderStatus;
  buyerId: string;
  sellerId: string;
  /** What changed, once: every event's id and the notification's dedupe key are made from it. */
  fact: string;
  title: string;
  buyer: string;
  seller: string;
  note: { senderId: string; content: string };
}

/**
 * The events of a change both parties of an order hear of (a dispute's, decision 053; a return's, 054): a system note
 * in the order's conversation, each party's page told to read the order again, and each party notified. Ids come from
 * the fact, so a step that runs twice repeats nothing.
 */
export function partyChangeEvents(c: PartyChange, at: Date) {
  const occurredAt = at.toISOString();
  return [
    {
      id: `note:${c.fact}`,
      type: 'order.note.requested' as const,
      occurredAt,
      data: {
        orderId: c.orderId,
        senderId: c.note.senderId,
        content: c.note.content.slice(0, MESSAGE_MAX_LENGTH),
        noteKey: c.fact,
      },
    },
    ...(['buyer', 'seller'] as const).flatMap((party) => {
      const userId = party === 'buyer' ? c.buyerId : c.sellerId;
      return [
        {
          id: `order:${c.fact}:${userId}`,
          type: 'order.updated' as const,
          topic: userTopic(userId),
          occurredAt,
          data: { orderId: c.orderId, status: c.status },
        },
        {
          id: `notify:${c.fact}:${userId}`,
          type: 'notify.requested' as const,
          occurredAt,
          data: {
            userId,
            type: 'transaction' as const,
            title: c.title,
            message: c[party].slice(0, NOTIFICATION_MESSAGE_MAX),
            relatedId: c.orderId,
            dedupeKey: c.fact,
          },
        },
      ];
    }),
  ];
}
