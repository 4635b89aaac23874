import type { Order } from '../../../shared/api/orders';
import type { MediaUrl } from '../listings/to-card';
import { holdEnd, type AuctionSale, type OrderRecord, type OrderStatus } from './order';
import { sellerOptionsOf } from './auction-payment';
import { shipBy, type ProtectionSettings } from './protection';
import { disputeView } from '../disputes/dispute-photos';

/** The spec's escrow statuses: pending while the funds are locked, completed when released, cancelled when refunded. */
function escrowStatusOf(status: OrderStatus): Order['escrowStatus'] {
  switch (status) {
    case 'funded':
    case 'shipped':
    case 'delivered':
    case 'releasing':
    case 'refunding':
      return 'pending';
    case 'completed':
      return 'completed';
    case 'refunded':
      return 'cancelled';
    default:
      return null;
  }
}

/** Where a label chosen with the fee stands (decision 039); an unknown outcome reads as failed to the seller. */
function labelView(o: OrderRecord): Order['label'] {
  const choice = o.fee?.label;
  if (!choice) return null;
  const status = o.label
    ? o.label.status === 'unknown'
      ? 'failed'
      : o.label.status
    : o.fee?.paidAt
      ? 'buying'
      : 'awaiting_payment';
  return {
    serviceName: choice.serviceName,
    costCents: choice.costCents,
    status,
    trackingNumber: o.label?.trackingNumber ?? null,
    hasPdf: o.label?.status === 'bought' && o.label.pdfKey !== null,
  };
}

/** 250 basis points -> '2.5'. */
export function percentOf(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** The auction part of an order; the runner-up's price (never who) only to the seller, once it can be offered. */
function auctionView(o: OrderRecord, a: AuctionSale, role: Order['role']): NonNullable<Order['auction']> {
  const choice = a.sellerChoice;
  return {
    listingId: a.listingId,
    round: a.round,
    paymentDueAt: a.paymentDueAt,
    sellerOptions: role === 'seller' ? sellerOptionsOf(o) : null,
    sellerChoice: !choice
      ? null
      : choice.kind === 'relisted'
        ? { kind: 'relisted', listingId: choice.listingId }
        : { kind: 'second_chance' },
  };
}

/**
 * The address the parcel goes to: always to the buyer (their own); to the seller only once the escrow is funded, as
 * they then must ship it; an unpaid checkout tells them nothing of where the buyer lives (decision 041).
 */
function shipToFor(o: OrderRecord, role: Order['role']): Order['shipTo'] {
  return role === 'buyer' || o.fundedAt !== null ? o.shipping.shipTo : null;
}

/**
 * What a party of an order sees of it. Never the sealed fulfillment, the signed blob or the other party's wallet
 * details: the address the parcel goes to only because the seller must ship it.
 */
/** Links an order view carries: a ledger transaction on the network's explorer. */
export interface OrderViewContext {
  mediaUrl: MediaUrl;
  transactionUrl: (hash: string) => string;
  protection: ProtectionSettings;
}

export function toOrderView(
  o: OrderRecord,
  viewerId: string,
  { mediaUrl, transactionUrl, protection }: OrderViewContext,
): Order {
  const role = o.buyerId === viewerId ? 'buyer' : 'seller';
  return {
    id: o.orderId,
    checkoutId: o.checkoutId,
    status: o.status,
    escrowStatus: escrowStatusOf(o.status),
    role,
    buyer: { id: o.buyerId, username: o.buyerUsername },
    seller: { id: o.sellerId, username: o.sellerUsername },
    lines: o.lines.map((l) => ({
      listingId: l.listingId,
      title: l.title,
      imageUrl: l.imageKey ? mediaUrl(l.imageKey) : null,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      shippingCents: l.shippingCents,
    })),
    itemsCents: o.itemsCents,
    shippingCents: o.shippingCents,
    totalCents: o.totalCents,
    currency: 'RLUSD',
    isLocalPickup: o.shipping.fulfilment === 'pickup',
    shippingService:
      o.shipping.serviceId && o.shipping.serviceName
        ? { id: o.shipping.serviceId, name: o.shipping.serviceName, estimatedDays: o.shipping.estimatedDays ?? '' }
        : null,
    shippingStatus: o.shipment.status,
    shipment: {
      trackingNumber: o.shipment.trackingNumber,
      shippedAt: o.shipment.shippedAt,
      deliveredAt: o.shipment.deliveredAt,
      estimatedDeliveryAt: o.shipment.estimatedDeliveryAt,
      proof: o.shipment.proof,
    },
    label: role === 'seller' ? labelView(o) : null,
    platformFee:
      role === 'seller' && o.fee
        ? { cents: o.fee.cents, percent: percentOf(o.fee.basisPoints), paid: o.fee.paidAt !== null, txHash: o.fee.txid }
        : null,
    shipTo: shipToFor(o, role),
    escrow: {
      cancelAfter: o.escrow.cancelAfter,
      settlementTxHash: o.settlement?.txid ?? null,
      txHash: o.escrowCreate?.txid ?? null,
      explorerUrl: o.escrowCreate ? transactionUrl(o.escrowCreate.txid) : null,
      sequence: o.escrowCreate?.sequence ?? null,
      ledgerIndex: o.escrowCreate?.ledgerIndex ?? null,
    },
    // A return asked before release holds it: its date is not known until the return is settled (decision 054).
    releaseDueAt: o.status === 'delivered' && o.releaseHold !== 'return' ? o.releaseDueAt : null,
    shipBy: role === 'seller' && o.status === 'funded' && !holdEnd(o) ? shipBy(o, protection) : null,
    dispute: o.dispute ? disputeView(o.dispute, mediaUrl) : null,
    auction: o.auction && auctionView(o, o.auction, role),
    signing: role === 'buyer' && o.status === 'awaiting_signature' ? o.signing : null,
    cancelReason: o.cancelReason,
    releaseReason: o.releaseReason,
    refundReason: o.refundReason,
    createdAt: o.createdAt,
    fundedAt: o.fundedAt,
    cancelledAt: o.cancelledAt,
    completedAt: o.completedAt,
    refundedAt: o.refundedAt,
  };
}
