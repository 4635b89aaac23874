import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ResponseOf } from '../../../../shared/api/contract';
import { getOrder, getShippingOptions, listMyOrders } from '../../../../shared/api/orders';
import { apiGet } from '../../lib/api';
import { keys } from '../keys';

/** Orders and their shipping quotes: every read of an order goes through here (decision 047). */

export type Role = 'buyer' | 'seller';
export type OrdersPage = ResponseOf<typeof listMyOrders>;
type PageKey = ReturnType<typeof keys.myOrders>;

/** One order as its buyer or seller sees it (the purchase page and the pay page share one cache entry). */
export function useOrder(orderId: string, userId: string, token: string) {
  return useSWR(keys.order(orderId, userId), () => apiGet(getOrder, { params: { orderId }, token }));
}

/** The caller's orders as buyer or seller, newest first, 20 a page (`nextCursor`). */
export function useMyOrders(userId: string, token: string, role: Role, enabled = true) {
  return useSWRInfinite<OrdersPage, Error, (i: number, prev: OrdersPage | null) => PageKey | null>(
    (_, prev) =>
      !enabled || (prev && !prev.nextCursor) ? null : keys.myOrders(userId, role, prev?.nextCursor ?? null),
    ([, , r, cursor]) => apiGet(listMyOrders, { token, query: cursor ? { role: r, cursor } : { role: r } }),
  );
}

/**
 * The user's orders of one listing, as buyer or as its seller (null: none to read). The server picks this listing's
 * orders among the user's newest ones (ORDERS_LISTING_SCAN; no paging).
 */
export function useOrdersOfListing(session: { userId: string; token: string } | null, role: Role, listingId: string) {
  const key = !session
    ? null
    : role === 'buyer'
      ? keys.purchasesOfListing(session.userId, listingId)
      : keys.salesOfListing(session.userId, listingId);
  return useSWR(key, () => apiGet(listMyOrders, { token: session!.token, query: { role, listingId } }));
}

/** The calculated-shipping options of a won auction's order for the buyer's saved address (null address key: none). */
export function useOrderShippingOptions(orderId: string, address: string | null, token: string) {
  return useSWR(address === null ? null : keys.orderShippingOptions(orderId, address), () =>
    apiGet(getShippingOptions, { token, query: { orderId } }),
  );
}

/**
 * The calculated-shipping options for the cart at checkout, this address and the sellers collected from (`pickup`, as
 * the query sends it). The fingerprints key the quote, so it is read again when any changes.
 */
export function useCartShippingOptions(
  session: { userId: string; token: string } | null,
  cart: string,
  address: string,
  pickup: string,
) {
  return useSWR(session ? keys.shippingOptions(session.userId, cart, address, pickup) : null, () =>
    apiGet(getShippingOptions, { token: session!.token, query: pickup ? { pickup } : {} }),
  );
}
