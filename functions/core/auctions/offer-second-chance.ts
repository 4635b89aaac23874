import type { Order } from '../../../shared/api/orders';
import { AppError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import { alreadyDecided, auctionOrder, itemOfOrder, secondChanceOf } from '../orders/auction-payment';
import type { OrderRecord } from '../orders/order';
import type { OrderRepository } from '../orders/order-store';
import { toOrderView, type OrderViewContext } from '../orders/order-view';
import { sellersOpenOrder } from '../orders/platform-fee';
import { secondChanceNotices } from './auction-notices';
import type { AuctionUsers, EventPublisher } from './ports';

export interface SecondChanceStore {
  /**
   * The runner-up's order awaiting payment, holding the unit again, in one transaction with the lapsed order (the
   * seller's choice recorded) and the listing (ended -> sold), conditional on the listing still being ended, held last
   * by the lapsed order and not relisted. False when the seller already chose.
   */
  offer(lapsed: OrderRecord, offer: OrderRecord, at: Date): Promise<boolean>;
}

export interface SecondChanceDeps {
  orders: Pick<OrderRepository, 'get'>;
  store: SecondChanceStore;
  users: AuctionUsers;
  events: EventPublisher;
  newId: () => string;
  clock: Clock;
  links: OrderViewContext;
}

/**
 * The seller of a lapsed winner's order offers the item to the runner-up at that bidder's maximum (their last and
 * highest bid, secondChanceOffer in core/bids): a new order awaiting payment with its own 48 hours, paid as the winner
 * would have. Only the order's seller (its buyer 403, anyone else 404); once per auction. Answers the lapsed order as
 * its seller sees it.
 */
export async function offerSecondChance(sellerId: string, orderId: string, deps: SecondChanceDeps): Promise<Order> {
  const lapsed = await sellersOpenOrder(deps.orders, sellerId, orderId);
  const runnerUp = secondChanceOf(lapsed);
  const [buyer, seller] = await Promise.all([deps.users.user(runnerUp.bidderId), deps.users.user(sellerId)]);
  if (!buyer || !seller) {
    throw new AppError('invalid_state', 'no_runner_up', 'The next highest bidder can no longer buy this item.');
  }
  const at = deps.clock.now();
  const offer = auctionOrder({
    orderId: deps.newId(),
    item: itemOfOrder(lapsed),
    buyer,
    sellerAddress: seller.walletAddress,
    priceCents: runnerUp.priceCents,
    round: 'second_chance',
    runnerUp: null,
    at,
  });
  if (!(await deps.store.offer(lapsed, offer, at))) throw alreadyDecided();
  await deps.events.publish(secondChanceNotices(offer, at));
  return toOrderView((await deps.orders.get(orderId)) ?? lapsed, sellerId, deps.links);
}
