import useSWR from 'swr';
import * as contracts from '../../../../shared/api/auctions';
import { relistAuction } from '../../../../shared/api/auctions';
import { listAwaitingPayment, type AwaitingPaymentScope, type Order } from '../../../../shared/api/orders';
import { apiGet, apiSend, newIdempotencyKey } from '../../lib/api';
import { keys } from '../keys';

/**
 * Orders of auctions (decision 029): the buyer's won items to pay (the cart's section), where to pay one, and the
 * seller's relist. Shared by the cart, My Activity, the pay page and the item page.
 */
/**
 * The caller's orders not paid yet, newest first: auction orders (the cart's won items), or with 'all' every order
 * still to pay or sign (My Activity's Pending). Nothing is read without a session.
 */
export function useAwaitingPayment(
  token: string | null,
  userId: string | null,
  scope: AwaitingPaymentScope = 'auctions',
) {
  return useSWR(token && userId ? keys.awaitingPayment(userId, scope) : null, () =>
    apiGet(listAwaitingPayment, { token: token!, query: { scope } }),
  );
}

/** Where a won item is paid. */
export const payPath = (orderId: string) => `/pay/${encodeURIComponent(orderId)}`;

const dueFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When an auction's order must be paid by, e.g. 'Jul 4, 12:00 PM'. */
export function paymentDue(o: Pick<Order, 'auction'>): string {
  return o.auction ? dueFormat.format(new Date(o.auction.paymentDueAt)) : '';
}

/** 'Pay by Jul 4, 12:00 PM' */
export const payByText = (o: Pick<Order, 'auction'>) => `Pay by ${paymentDue(o)}`;

/** The seller relists an ended auction with a new end (the server checks it as creating a listing does). */
export function relist(token: string, listingId: string, endsAt: Date) {
  return apiSend(relistAuction, {
    token,
    params: { listingId },
    body: { endsAt: endsAt.toISOString() },
    idempotencyKey: newIdempotencyKey(),
  });
}

/**
 * The seller offers a lapsed auction order's item to the next highest bidder at that bidder's maximum (a new order for
 * them to pay).
 */
export function offerSecondChance(token: string | null, orderId: string) {
  return apiSend(contracts.offerSecondChance, {
    token,
    params: { orderId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
  });
}
