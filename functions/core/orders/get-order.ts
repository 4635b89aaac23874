import type { OrderReviews } from '../../../shared/domain/reviews';
import { NotFoundError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { ReviewStore } from '../reviews/ports';
import { orderReviewsFor } from '../reviews/review-rules';
import type { OrderRecord } from './order';
import type { OrderRepository } from './order-store';
import { toOrderView, type OrderViewContext } from './order-view';
import type { ReturnPolicies, ReturnRepository } from '../returns/ports';
import { policyOfOrder, returnWindowOf } from '../returns/return-window';
import { toReturnView } from '../returns/return-view';

export interface GetOrderDeps {
  orders: Pick<OrderRepository, 'get'>;
  links: OrderViewContext;
  /** Asks the wallet service about the order's open signing request (at most every few seconds per request). */
  refreshSigning?: (uuid: string) => Promise<void>;
  /** A pickup's plain code, kept apart from the order for its buyer (decision 040). */
  pickupCodes?: { codeFor(orderId: string, buyerId: string): Promise<string | null> };
  /** The order's reviews and whether the viewer may leave theirs (decision 050): the order's own page only. */
  reviews?: { store: Pick<ReviewStore, 'ofOrder'>; clock: Clock };
  /** The order's return and, to its buyer, what a return would be (decision 054): the order's own page only. */
  returns?: { store: Pick<ReturnRepository, 'get'>; policies: ReturnPolicies; clock: Clock };
}

/**
 * Only an order the buyer received can have a return, so others are not asked for theirs. The listings' policies are
 * read (at the same time) only when the buyer could still ask: a delivered order that nothing holds, or a completed one.
 */
async function returnFor(o: OrderRecord, userId: string, deps: GetOrderDeps) {
  if (!deps.returns) return undefined;
  const received = ['delivered', 'completed', 'refunding', 'refunded'].includes(o.status);
  const mayAsk = o.buyerId === userId && (o.status === 'completed' || (o.status === 'delivered' && !o.releaseHold));
  const { store, policies, clock } = deps.returns;
  const [ret, policy] = await Promise.all([
    received ? store.get(o.orderId) : null,
    mayAsk ? policyOfOrder(o, policies) : null,
  ]);
  const returnWindow = !ret && policy ? returnWindowOf(o, policy, clock.now()) : null;
  return { returnRequest: ret && toReturnView(ret), returnWindow };
}

/** Only a completed order has reviews, so others are not asked for theirs. */
async function reviewsFor(o: OrderRecord, userId: string, deps: GetOrderDeps): Promise<OrderReviews | undefined> {
  if (!deps.reviews) return undefined;
  const records = o.status === 'completed' ? await deps.reviews.store.ofOrder(o.orderId) : [];
  return orderReviewsFor(o, userId, records, deps.reviews.clock.now());
}

/** An order to one of its two parties; anyone else gets 404, as if it did not exist. */
export async function getOrder(userId: string, orderId: string, deps: GetOrderDeps) {
  let order = await deps.orders.get(orderId);
  if (!order || (order.buyerId !== userId && order.sellerId !== userId)) throw new NotFoundError('Order not found');
  if (order.status === 'awaiting_signature' && order.signing && deps.refreshSigning) {
    // A browser without a socket polls here: the signing request is read through, and a signed one settled.
    await deps.refreshSigning(order.signing.uuid);
    order = (await deps.orders.get(orderId)) ?? order;
  }
  const [reviews, returns] = await Promise.all([reviewsFor(order, userId, deps), returnFor(order, userId, deps)]);
  const view = { ...toOrderView(order, userId, deps.links), ...(reviews && { reviews }), ...returns };
  // Only the buyer's read of one funded pickup carries its code: never the seller's, a list, a log or an event.
  if (order.buyerId === userId && order.status === 'funded' && order.pickup && deps.pickupCodes) {
    const code = await deps.pickupCodes.codeFor(order.orderId, userId);
    if (code) return { ...view, pickupCode: code };
  }
  return view;
}
