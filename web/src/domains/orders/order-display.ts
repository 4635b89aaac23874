import { ORDER_WITHDRAWN, type Order } from '../../../../shared/api/orders';
import {
  ESCROW_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  SHIPPING_STATUS_LABELS,
} from '../../../../shared/domain/order-status';

export type { Order };

/** The status badge of an order (spec part 2 "Escrow status", our order states before the escrow exists). */
export function orderStatusLabel(o: Pick<Order, 'status' | 'escrowStatus'>): string {
  return ORDER_STATUS_LABELS[o.status];
}

/** The badge's colour class. */
export function orderStatusTone(o: Pick<Order, 'status' | 'escrowStatus'>): string {
  if (o.status === 'cancelled' || o.status === 'refunded') return 'badge-danger';
  if (o.status === 'completed') return 'badge-accent';
  if (o.status === 'awaiting_payment' || o.status === 'awaiting_signature' || o.status === 'submitting') {
    return 'badge-warning';
  }
  return 'badge-primary';
}

const CANCEL_REASONS: Record<string, string> = {
  signing_cancelled: 'The escrow request was cancelled or rejected in the wallet.',
  signing_expired: 'The escrow request expired before it was signed.',
  blob_refused: 'The signed transaction did not match the order.',
  ledger_failed: 'The ledger did not accept the escrow.',
  reservation_expired: 'The items were released because the escrow was not signed in time.',
  payment_lapsed: 'Not paid within 48 hours of winning the auction.',
  withdrawn: ORDER_WITHDRAWN,
};

/** Why an order was cancelled, in words. */
export function cancelReasonText(reason: string | null): string | null {
  if (!reason) return null;
  return CANCEL_REASONS[reason] ?? 'The order was cancelled.';
}

/** The explorer page of an order's EscrowCreate as the server names it, if it is a web address (never script). */
export function escrowExplorerUrl(o: Pick<Order, 'escrow'>): string | null {
  const url = o.escrow.explorerUrl;
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** 'Mar 5, 2026' */
export function orderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * A delivered order during its inspection period (decision 052): when its escrow goes to the seller. The buyer reads
 * it as the issue worded it; the seller reads it about themselves.
 */
export function releaseNotice(o: Pick<Order, 'status' | 'releaseDueAt' | 'role'>): string | null {
  if (o.status !== 'delivered' || !o.releaseDueAt) return null;
  const who = o.role === 'seller' ? 'you' : 'the seller';
  return `Delivered – funds release to ${who} on ${orderDate(o.releaseDueAt)}`;
}

/** 'Ship by Dec 1, 2026' for a funded order the seller has to ship (a calendar day, read in UTC). */
export function shipByText(o: Pick<Order, 'shipBy'>): string | null {
  if (!o.shipBy) return null;
  const day = new Date(`${o.shipBy}T12:00:00Z`);
  return `Ship by ${day.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}`;
}

/** The shipping status badge (spec part 2 "Shipping info": pending, processing, shipped, delivered). */
export function shippingStatusLabel(status: Order['shippingStatus']): string {
  return SHIPPING_STATUS_LABELS[status];
}

export function shippingStatusTone(status: Order['shippingStatus']): string {
  if (status === 'delivered') return 'badge-accent';
  if (status === 'shipped') return 'badge-primary';
  if (status === 'processing') return 'badge-warning';
  return '';
}

/** The spec's escrow status in words (pending, completed, cancelled); before the escrow exists, the order's status. */
export function escrowStatusLabel(o: Pick<Order, 'status' | 'escrowStatus'>): string {
  return o.escrowStatus === null ? orderStatusLabel(o) : ESCROW_STATUS_LABELS[o.escrowStatus];
}

/** Whether the seller of this order may act on it now: ship it (carrier) or decide the pickup (spec: a pending escrow). */
export function sellerCanAct(o: Pick<Order, 'role' | 'status' | 'escrowStatus'>): boolean {
  return o.role === 'seller' && o.escrowStatus === 'pending' && o.status === 'funded';
}
