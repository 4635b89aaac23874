/**
 * An order's statuses and the words the web shows for them, defined once for the server, the API and the events
 * (decision 023; the release and refund states, decision 025).
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'awaiting_signature',
  'submitting',
  'funded',
  'cancelled',
  'shipped',
  'delivered',
  'releasing',
  'completed',
  'refunding',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The status badge of an order (spec part 2 "Escrow status", our order states before the escrow exists). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  awaiting_signature: 'Awaiting signature',
  submitting: 'Confirming',
  cancelled: 'Cancelled',
  funded: 'Escrow pending',
  shipped: 'Shipped',
  delivered: 'Delivered',
  releasing: 'Releasing',
  completed: 'Escrow released',
  refunding: 'Refunding',
  refunded: 'Escrow refunded',
};

/** The spec's escrow statuses: pending while funds are locked, completed when released, cancelled when refunded. */
export const ESCROW_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type EscrowStatus = (typeof ESCROW_STATUSES)[number];

export const ESCROW_STATUS_LABELS: Record<EscrowStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The spec's shipping statuses (part 2 "Shipping info"). */
export const SHIPPING_STATUSES = ['pending', 'processing', 'shipped', 'delivered'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

export const SHIPPING_STATUS_LABELS: Record<ShippingStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};
