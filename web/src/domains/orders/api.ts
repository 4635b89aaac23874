import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { BodyOf, ResponseOf } from '../../../../shared/api/contract';
import * as contracts from '../../../../shared/api/orders';
import { getShippingOptions, listMyOrders, type Order } from '../../../../shared/api/orders';
import { apiGet, apiSend, newIdempotencyKey } from '../../lib/api';
import { keys } from '../keys';

/**
 * Orders: every read of an order and every write to one goes through here (decision 047): placing them (checkout, an
 * auction's payment), their escrow's wallet requests and the seller's actions. Each write that takes an
 * Idempotency-Key gets its own, so a repeat of one request (a lost answer) is never done twice.
 */

export type Role = 'buyer' | 'seller';
export type OrdersPage = ResponseOf<typeof listMyOrders>;
type PageKey = ReturnType<typeof keys.myOrders>;

/** One order as its buyer or seller sees it. */
export function getOrder(token: string, orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiGet(contracts.getOrder, { params: { orderId }, token, signal });
}

/** One order as its buyer or seller sees it (the purchase page and the pay page share one cache entry). */
export function useOrder(orderId: string, userId: string, token: string) {
  return useSWR(keys.order(orderId, userId), () => getOrder(token, orderId));
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

/** The carrier's services and prices for a label of the seller's order (decision 039). */
export function getLabelRates(token: string, orderId: string, signal?: AbortSignal) {
  return apiGet(contracts.getLabelRates, { token, params: { orderId }, signal });
}

/** Checks out the cart: the orders placed, one per seller, each to be paid into its escrow. */
export function checkout(token: string, body: BodyOf<typeof contracts.checkout>, signal?: AbortSignal) {
  return apiSend(contracts.checkout, { token, body, idempotencyKey: newIdempotencyKey(), signal });
}

/** Pays a won auction's order (decision 029): the order, to be paid into its escrow. */
export function payAuctionOrder(
  token: string,
  orderId: string,
  body: BodyOf<typeof contracts.payAuctionOrder>,
  signal?: AbortSignal,
) {
  return apiSend(contracts.payAuctionOrder, {
    token,
    params: { orderId },
    body,
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}

/** The wallet request of an order's EscrowCreate (the open one while there is one). */
export function requestEscrowSigning(token: string, orderId: string, signal?: AbortSignal) {
  return apiSend(contracts.requestEscrowSigning, {
    token,
    params: { orderId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}

/**
 * Withdraws an order's escrow request, or the order before any was made (DELETE .../escrow-signing): the order as it is
 * then (cancelled, or already being paid).
 */
export function cancelEscrowSigning(token: string | null, orderId: string, signal?: AbortSignal) {
  return apiSend(contracts.cancelEscrowSigning, { token, params: { orderId }, signal });
}

/** The wallet request of the seller's platform fee (answered 'paid' when it is). */
export function requestPlatformFee(token: string, orderId: string, signal?: AbortSignal) {
  return apiSend(contracts.requestPlatformFee, {
    token,
    params: { orderId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}

/** The wallet request of the platform fee with a label of the carrier's `serviceType`, in one payment. */
export function requestLabelPayment(token: string, orderId: string, serviceType: string, signal?: AbortSignal) {
  return apiSend(contracts.requestLabelPayment, {
    token,
    params: { orderId },
    body: { serviceType },
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}

/** The seller ships an order with a carrier's tracking number. */
export function shipOrder(token: string, orderId: string, trackingNumber: string, signal?: AbortSignal) {
  return apiSend(contracts.shipOrder, {
    token,
    params: { orderId },
    body: { trackingNumber },
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}

/** The seller approves a local pickup (with the buyer's code) or rejects it. */
export function decidePickup(
  token: string,
  orderId: string,
  body: BodyOf<typeof contracts.decidePickup>,
  signal?: AbortSignal,
) {
  return apiSend(contracts.decidePickup, {
    token,
    params: { orderId },
    body,
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}
