import { formatUsd } from '../../shared/domain/money';
import { NOTIFICATION_MESSAGE_MAX } from '../../shared/domain/notification';
import type { DisputeEvents } from '../core/disputes/ports';
import { disputeNote } from '../core/disputes/dispute-notes';
import { MESSAGE_MAX_LENGTH } from '../../shared/domain/messages';
import type { ShipByEvents } from '../core/orders/ship-by-notices';
import { userTopic } from '../../shared/events';
import type { OrderRecord } from '../core/orders/order';
import type { FeeEvents } from '../core/orders/platform-fee';
import type { OrderEvents } from '../core/orders/settle-escrow';
import { eventQueue } from './event-queue';
import { partyChangeEvents } from './party-change-events';

/** 'Dec 3, 2026' (UTC: a notification is read anywhere). */
const utcDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Dec 3, 2026, 14:00 UTC'. */
const utcDateTime = (iso: string) => `${utcDate(iso)}, ${iso.slice(11, 16)} UTC`;

const itemsOf = (o: OrderRecord) => (o.lines.length === 1 ? o.lines[0]!.title : `${o.lines.length} items`);

/**
 * An order's new status goes to both parties' sockets; a funded order notifies both (the seller's 'escrow_created',
 * the buyer's 'transaction'). Ids are stable per fact, so a job that runs twice repeats nothing.
 */
/** What each party is told of a dispute's change (decision 053), by the dispute's status. */
function disputeNotices(order: OrderRecord): { buyer: string; seller: string; title: string } {
  const d = order.dispute!;
  const items = itemsOf(order);
  const note = d.resolution?.note ? ` Reason: ${d.resolution.note}` : '';
  switch (d.status) {
    case 'open':
      return {
        title: 'Issue reported',
        buyer: `You reported an issue with ${items}. The payment stays in escrow until it is resolved.`,
        seller: `${order.buyerUsername} reported an issue with ${items}. Refund them or answer in your messages.`,
      };
    case 'withdrawn':
      return {
        title: 'Issue withdrawn',
        buyer: `You withdrew your issue with ${items}.`,
        seller: `${order.buyerUsername} withdrew their issue with ${items}. The payment is released to you as usual.`,
      };
    case 'released':
      return {
        title: 'Issue resolved',
        buyer: `The issue with ${items} was resolved: the payment was released to ${order.sellerUsername}.${note}`,
        seller: `The issue with ${items} was resolved: the payment is released to you.${note}`,
      };
    case 'refunded':
      return {
        title: 'Issue resolved',
        buyer: `The issue with ${items} was resolved with a refund: the payment comes back to you on ${utcDate(order.escrow.cancelAfter)}.${note}`,
        seller: `The issue with ${items} was resolved with a refund to ${order.buyerUsername}.${note}`,
      };
    case 'expired':
      return {
        title: 'Issue ended with a refund',
        buyer: `Your issue with ${items} was not resolved in time: the payment comes back to you on ${utcDate(order.escrow.cancelAfter)}.`,
        seller: `The issue with ${items} was not resolved in time: the payment goes back to ${order.buyerUsername}.`,
      };
  }
}

export const orderEvents: OrderEvents & FeeEvents & DisputeEvents & ShipByEvents = {
  async shipByDue(order, day, at) {
    const fact = `ship_by:${order.orderId}`;
    await eventQueue.publish([
      {
        id: `notify:${fact}`,
        type: 'notify.requested' as const,
        occurredAt: at.toISOString(),
        data: {
          userId: order.sellerId,
          type: 'transaction' as const,
          title: 'Ship by tomorrow',
          message:
            `Ship ${itemsOf(order)} to ${order.buyerUsername} by ${utcDate(`${day}T12:00:00.000Z`)} so it arrives and is inspected before the escrow ends.`.slice(
              0,
              NOTIFICATION_MESSAGE_MAX,
            ),
          relatedId: order.orderId,
          dedupeKey: fact,
        },
      },
    ]);
  },
  async disputeChanged(order, at) {
    const d = order.dispute!;
    await eventQueue.publish(
      partyChangeEvents(
        {
          ...order,
          fact: `dispute:${order.orderId}:${d.openedAt}:${d.status}`,
          ...disputeNotices(order),
          note: disputeNote(order),
        },
        at,
      ),
    );
  },
  async disputeAnswered(order, at) {
    const d = order.dispute!;
    const n = d.responses?.length ?? 0;
    const fact = `dispute:${order.orderId}:${d.openedAt}:answer:${n}`;
    const answer = d.responses![n - 1]!;
    await eventQueue.publish([
      {
        id: `note:${fact}`,
        type: 'order.note.requested' as const,
        occurredAt: at.toISOString(),
        data: {
          orderId: order.orderId,
          senderId: order.sellerId,
          content: `The seller answered the issue: ${answer.message}`.slice(0, MESSAGE_MAX_LENGTH),
          noteKey: fact,
        },
      },
      {
        id: `notify:${fact}`,
        type: 'notify.requested' as const,
        occurredAt: at.toISOString(),
        data: {
          userId: order.buyerId,
          type: 'transaction' as const,
          title: 'Seller answered your issue',
          message: `${order.sellerUsername} answered your issue with ${itemsOf(order)}.`.slice(
            0,
            NOTIFICATION_MESSAGE_MAX,
          ),
          relatedId: order.orderId,
          dedupeKey: fact,
        },
      },
    ]);
  },
  async disputeEnding(order, at) {
    const d = order.dispute!;
    const fact = `dispute_ending:${order.orderId}:${d.openedAt}`;
    const message = `The issue with ${itemsOf(order)} is still open. Unless it is resolved by ${utcDateTime(d.endsAt)}, the payment goes back to ${order.buyerUsername}.`;
    await eventQueue.publish(
      [order.buyerId, order.sellerId].map((userId) => ({
        id: `notify:${fact}:${userId}`,
        type: 'notify.requested' as const,
        occurredAt: at.toISOString(),
        data: {
          userId,
          type: 'transaction' as const,
          title: 'Issue ends tomorrow',
          message: message.slice(0, NOTIFICATION_MESSAGE_MAX),
          relatedId: order.orderId,
          dedupeKey: fact,
        },
      })),
    );
  },
  async changed(order, at) {
    const occurredAt = at.toISOString();
    const updated = (userId: string) => ({
      id: `order:${order.orderId}:${order.status}:${userId}`,
      type: 'order.updated' as const,
      topic: userTopic(userId),
      occurredAt,
      data: { orderId: order.orderId, status: order.status },
    });
    const events = [updated(order.buyerId), updated(order.sellerId)];
    const notices =
      order.status === 'funded'
        ? [
            {
              id: `notify:${order.orderId}:escrow_created`,
              type: 'notify.requested' as const,
              occurredAt,
              data: {
                userId: order.sellerId,
                type: 'escrow_created' as const,
                title: 'New order paid into escrow',
                message: `${order.buyerUsername} paid ${formatUsd(order.totalCents)} for ${itemsOf(order)}. ${
                  order.shipping.fulfilment === 'pickup'
                    ? 'At the hand-over, enter the pickup code the buyer shows you to receive the funds.'
                    : 'Ship it and add the tracking number to receive the funds on delivery.'
                }`,
                relatedId: order.orderId,
                dedupeKey: `escrow_created:${order.orderId}`,
              },
            },
            {
              id: `notify:${order.orderId}:funded`,
              type: 'notify.requested' as const,
              occurredAt,
              data: {
                userId: order.buyerId,
                type: 'transaction' as const,
                title: 'Escrow created',
                message: `${formatUsd(order.totalCents)} RLUSD for ${itemsOf(order)} is held in escrow until ${
                  order.shipping.fulfilment === 'pickup' ? 'you pick it up' : 'it is delivered'
                }.`,
                relatedId: order.orderId,
                dedupeKey: `order_funded:${order.orderId}`,
              },
            },
          ]
        : [];
    const notify = (userId: string, type: 'escrow_released' | 'transaction', title: string, message: string) => ({
      id: `notify:${order.orderId}:${order.status}:${userId}`,
      type: 'notify.requested' as const,
      occurredAt,
      data: { userId, type, title, message, relatedId: order.orderId, dedupeKey: `${order.status}:${order.orderId}` },
    });
    const amount = `${formatUsd(order.totalCents)} RLUSD for ${itemsOf(order)}`;
    const releaseDay = order.releaseDueAt ? utcDate(order.releaseDueAt) : '';
    const ended =
      order.status === 'delivered'
        ? [
            notify(
              order.buyerId,
              'transaction',
              'Delivered',
              `${itemsOf(order)} was delivered. The funds release to ${order.sellerUsername} on ${releaseDay} ` +
                'unless you report an issue before then.',
            ),
            notify(
              order.sellerId,
              'transaction',
              'Delivered',
              `${itemsOf(order)} was delivered to ${order.buyerUsername}. The funds release to you on ${releaseDay}.`,
            ),
          ]
        : order.status === 'completed'
          ? [
              notify(order.sellerId, 'escrow_released', 'Escrow Completed', `${amount} was released to you.`),
              notify(
                order.buyerId,
                'escrow_released',
                'Escrow Completed',
                `${amount} was released to ${order.sellerUsername}.`,
              ),
            ]
          : order.status === 'refunded'
            ? [
                notify(order.buyerId, 'transaction', 'Escrow Cancelled', `${amount} was returned to you.`),
                notify(
                  order.sellerId,
                  'transaction',
                  'Escrow Cancelled',
                  `${amount} was returned to ${order.buyerUsername}.`,
                ),
              ]
            : [];
    await eventQueue.publish([...events, ...notices, ...ended]);
  },
  // Only the seller sees the fee; the write before this happened once, so one event per fact.
  async feeChanged(order, at) {
    await eventQueue.publish([
      {
        id: `order:${order.orderId}:fee:${at.getTime()}`,
        type: 'order.updated' as const,
        topic: userTopic(order.sellerId),
        occurredAt: at.toISOString(),
        data: { orderId: order.orderId, status: order.status },
      },
    ]);
  },
};
