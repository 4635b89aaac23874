import { PAYMENT_WINDOW_HOURS } from '../../../shared/api/orders';
import { formatUsd } from '../../../shared/domain/money';
import { NOTIFICATION_MESSAGE_MAX, type NotificationType } from '../../../shared/domain/notification';
import { listingTopic, userTopic, type DomainEvent, type DomainEventOf } from '../../../shared/events';
import type { OrderRecord } from '../orders/order';
import type { ClosedAuction } from './ports';

/**
 * What an auction's end, a lapse and a second chance tell people (decision 029), as events for the events queue:
 * notifications through the one notify path, each once per (user, dedupe key), and the socket pushes. Event ids are
 * stable per fact, so a schedule that runs twice repeats nothing.
 */
function notice(
  userId: string,
  type: NotificationType,
  title: string,
  message: string,
  relatedId: string | null,
  dedupeKey: string,
  at: Date,
): DomainEventOf<'notify.requested'> {
  return {
    id: `notify:${dedupeKey}:${userId}`,
    type: 'notify.requested',
    occurredAt: at.toISOString(),
    data: { userId, type, title, message: message.slice(0, NOTIFICATION_MESSAGE_MAX), relatedId, dedupeKey },
  };
}

/** Both parties' pages read the order again. */
export function orderUpdates(order: Pick<OrderRecord, 'orderId' | 'buyerId' | 'sellerId' | 'status'>, at: Date) {
  return [order.buyerId, order.sellerId].map((userId): DomainEventOf<'order.updated'> => ({
    id: `order:${order.orderId}:${order.status}:${userId}`,
    type: 'order.updated',
    topic: userTopic(userId),
    occurredAt: at.toISOString(),
    data: { orderId: order.orderId, status: order.status },
  }));
}

const payHint = `Pay within ${PAYMENT_WINDOW_HOURS} hours from your cart.`;

/**
 * An auction closed: the listing's open pages, the winner ('You won', with the order awaiting payment), every other
 * bidder (lost), and the seller (sold at what price, or ended unsold and why).
 */
export function closeNotices(
  a: ClosedAuction,
  bidders: readonly string[],
  winnerUsername: string | null,
  at: Date,
): DomainEvent[] {
  const quoted = `"${a.title}"`;
  const events: DomainEvent[] = [
    {
      id: `auction:${a.listingId}:ended`,
      type: 'auction.ended',
      topic: listingTopic(a.listingId),
      occurredAt: at.toISOString(),
      data: { listingId: a.listingId, status: a.status === 'sold' ? 'sold' : 'ended', result: a.result },
    },
  ];
  const losers = bidders.filter((b) => b !== a.winnerId && b !== a.sellerId);
  const lostMessage =
    a.result === 'reserve_not_met'
      ? `The auction for ${quoted} ended without meeting the reserve price.`
      : `The auction for ${quoted} ended and another bidder won.`;
  for (const userId of losers) {
    events.push(notice(userId, 'bid', 'Auction ended', lostMessage, a.listingId, `auction_lost:${a.listingId}`, at));
  }
  if (a.result === 'sold' && a.winnerId && a.orderId && a.priceCents !== null) {
    const price = formatUsd(a.priceCents);
    events.push(
      notice(
        a.winnerId,
        'transaction',
        'You won',
        `You won ${quoted} for ${price}. ${payHint}`,
        a.orderId,
        `auction_won:${a.listingId}`,
        at,
      ),
      notice(
        a.sellerId,
        'transaction',
        'Your auction sold',
        `${quoted} sold to ${winnerUsername ?? 'the winning bidder'} for ${price}. They have ${PAYMENT_WINDOW_HOURS} hours to pay into escrow.`,
        a.orderId,
        `auction_sold:${a.listingId}`,
        at,
      ),
      ...orderUpdates(
        { orderId: a.orderId, buyerId: a.winnerId, sellerId: a.sellerId, status: 'awaiting_payment' },
        at,
      ),
    );
  } else {
    const why =
      a.result === 'no_bids'
        ? `The auction for ${quoted} ended with no bids.`
        : `The auction for ${quoted} ended without meeting your reserve price${
            a.priceCents !== null ? ` (highest bid ${formatUsd(a.priceCents)})` : ''
          }.`;
    events.push(
      notice(
        a.sellerId,
        'bid',
        'Auction ended',
        `${why} You can relist it.`,
        a.listingId,
        `auction_unsold:${a.listingId}`,
        at,
      ),
    );
  }
  return events;
}

/** The winner (or runner-up) did not pay in time: the seller hears what they may do, the buyer that it lapsed. */
export function lapseNotices(order: OrderRecord, at: Date): DomainEvent[] {
  const title = order.lines[0]?.title ?? 'the item';
  const runnerUp = order.auction?.round === 'winner' ? order.auction.runnerUp : null;
  const options = runnerUp
    ? `You can offer it to the next highest bidder at ${formatUsd(runnerUp.priceCents)} or relist it from My Activity.`
    : 'You can relist it from My Activity.';
  const key = `payment_lapsed:${order.orderId}`;
  return [
    notice(
      order.sellerId,
      'transaction',
      'Payment not received',
      `${order.buyerUsername} did not pay for "${title}" within ${PAYMENT_WINDOW_HOURS} hours. ${options}`,
      order.orderId,
      key,
      at,
    ),
    notice(
      order.buyerId,
      'transaction',
      'Payment window closed',
      `You did not pay for "${title}" within ${PAYMENT_WINDOW_HOURS} hours, so the purchase lapsed.`,
      order.orderId,
      key,
      at,
    ),
    ...orderUpdates({ ...order, status: 'cancelled' }, at),
  ];
}

/** The seller offered the item to the runner-up: their new order awaiting payment, and a notification to pay. */
export function secondChanceNotices(offer: OrderRecord, at: Date): DomainEvent[] {
  const title = offer.lines[0]?.title ?? 'the item';
  return [
    notice(
      offer.buyerId,
      'transaction',
      'Second chance offer',
      `${offer.sellerUsername} offers you "${title}" at your highest bid of ${formatUsd(offer.itemsCents)}. ${payHint}`,
      offer.orderId,
      `second_chance:${offer.orderId}`,
      at,
    ),
    ...orderUpdates(offer, at),
  ];
}
