import { DELETED_USER } from '../../../../shared/domain/account-state';
import type { Eraser } from '../../../core/account-state/ports';
import type { OrderLine, OrderShipping } from '../../../core/orders/order';
import { conditionally } from '../conditional';
import { reviewKeyOf } from '../review-store';
import type { Db } from '../service';

const PAGE = 25;

type Position = { role: 'buyer' | 'seller'; cursor: string | null };

/**
 * The user's side of every order they bought or sold, anonymised (decision 059): their username, the name and street
 * of the address a purchase went to (city, state, ZIP and country stay with the record), their username on the
 * order's return and reviews they wrote of it. A seller's return address snapshot goes. The listings their sales name
 * are marked kept (the listings step erases the rest) and show 'Deleted user' as their seller. Amounts, items, wallet
 * addresses and ledger hashes stay: the escrow's record is public on the ledger and the other party's contract.
 */
export function ordersEraser(db: Db): Eraser {
  const { order, orderReturn, orderReview, review, listing } = db.entities;

  async function anonymiseReviewsBy(userId: string, orderId: string) {
    const mark = (await orderReview.get({ orderId, reviewerId: userId }).go()).data;
    const key = mark && reviewKeyOf(mark.reviewedId, mark.reviewId);
    if (key) {
      await conditionally(() => review.patch(key).set({ reviewerUsername: DELETED_USER }).go());
    }
  }

  async function asBuyer(o: { orderId: string; shipping: unknown }) {
    const shipping = o.shipping as OrderShipping;
    const shipTo = shipping.shipTo && { ...shipping.shipTo, fullName: DELETED_USER, street: '' };
    await order
      .patch({ orderId: o.orderId })
      .set({ buyerUsername: DELETED_USER, shipping: { ...shipping, shipTo } })
      .go();
    await conditionally(() => orderReturn.patch({ orderId: o.orderId }).set({ buyerUsername: DELETED_USER }).go());
  }

  async function asSeller(o: { orderId: string; lines: unknown }) {
    await order.patch({ orderId: o.orderId }).set({ sellerUsername: DELETED_USER }).go();
    await conditionally(() =>
      orderReturn.patch({ orderId: o.orderId }).set({ sellerUsername: DELETED_USER }).remove(['returnTo']).go(),
    );
    const listingIds = new Set((o.lines as OrderLine[]).map((l) => l.listingId));
    for (const listingId of listingIds) {
      await conditionally(() =>
        listing.patch({ listingId }).set({ keptForOrders: true, sellerUsername: DELETED_USER }).go(),
      );
    }
  }

  return {
    name: 'orders',
    async step(userId, cursor) {
      const at: Position = cursor ? (JSON.parse(cursor) as Position) : { role: 'buyer', cursor: null };
      const query =
        at.role === 'buyer' ? order.query.byBuyer({ buyerId: userId }) : order.query.bySeller({ sellerId: userId });
      const page = await query.go({ cursor: at.cursor, limit: PAGE });
      for (const o of page.data) {
        await (at.role === 'buyer' ? asBuyer(o) : asSeller(o));
        await anonymiseReviewsBy(userId, o.orderId);
      }
      if (page.cursor) return { done: false, cursor: JSON.stringify({ role: at.role, cursor: page.cursor }) };
      if (at.role === 'buyer') return { done: false, cursor: JSON.stringify({ role: 'seller', cursor: null }) };
      return { done: true };
    },
  };
}
