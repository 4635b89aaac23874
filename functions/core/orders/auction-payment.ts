import { PAYMENT_WINDOW_HOURS, type AuctionSaleView } from '../../../shared/api/orders';
import { isLocalPickup } from '../../../shared/domain/cart';
import type { ShippingType } from '../../../shared/domain/listing';
import type { Cents } from '../../../shared/domain/money';
import { zipOf } from '../../../shared/domain/shipping';
import { AppError } from '../../lib/errors';
import { NO_SHIPMENT, type AuctionRound, type Fulfilment, type OrderRecord } from './order';

/**
 * The rules of an auction's order (decision 029): made awaiting payment when the auction ends, paid
 * within a 48-hour window through the escrow checkout, else lapsed; then the seller may offer the item to the
 * runner-up (a second chance, once, with its own window) or relist it.
 */
export const PAYMENT_WINDOW_MS = PAYMENT_WINDOW_HOURS * 3_600_000;

/** The end of a payment window opened at `at`. */
export const paymentDueAt = (at: Date) => new Date(at.getTime() + PAYMENT_WINDOW_MS).toISOString();

/** The item an auction's order buys, as its order line and shipping need it. */
export interface AuctionItem {
  listingId: string;
  title: string;
  imageKey: string | null;
  sellerId: string;
  sellerUsername: string;
  fulfilment: Fulfilment;
  fromZip: string;
}

/** The item of an ended auction listing. */
export function itemOfListing(l: {
  listingId: string;
  title: string;
  sellerId: string;
  sellerUsername: string;
  shippingType: ShippingType;
  images?: { key: string }[];
  location?: { zipCode?: string };
}): AuctionItem {
  return {
    listingId: l.listingId,
    title: l.title,
    imageKey: l.images?.[0]?.key ?? null,
    sellerId: l.sellerId,
    sellerUsername: l.sellerUsername,
    fulfilment: isLocalPickup(l.shippingType) ? 'pickup' : 'ship',
    fromZip: zipOf(l.location?.zipCode),
  };
}

/** The item of an earlier order of the same auction (a second chance buys what the winner did not pay for). */
export function itemOfOrder(o: OrderRecord): AuctionItem {
  const line = o.lines[0]!;
  return {
    listingId: line.listingId,
    title: line.title,
    imageKey: line.imageKey,
    sellerId: o.sellerId,
    sellerUsername: o.sellerUsername,
    fulfilment: o.shipping.fulfilment,
    fromZip: o.shipping.fromZip,
  };
}

/** What the order is made from: the ended auction's item, who buys, at what price. */
export interface AuctionOrderInput {
  orderId: string;
  item: AuctionItem;
  buyer: { userId: string; username: string; walletAddress: string };
  sellerAddress: string;
  priceCents: Cents;
  round: AuctionRound;
  /** The winner's order only: the runner-up the seller may turn to if it lapses. */
  runnerUp: { bidderId: string; priceCents: Cents } | null;
  /** When the order is made (the auction's close, or the second chance offered). */
  at: Date;
}

/**
 * A new order awaiting payment: one unit at the auction's price. Shipping is chosen, and the escrow's condition and
 * CancelAfter made, when the buyer pays (until then the condition is empty and nothing can be signed). Its deadline
 * is the end of the payment window.
 */
export function auctionOrder(i: AuctionOrderInput): OrderRecord {
  const at = i.at.toISOString();
  const due = paymentDueAt(i.at);
  return {
    orderId: i.orderId,
    checkoutId: i.orderId,
    buyerId: i.buyer.userId,
    buyerUsername: i.buyer.username,
    sellerId: i.item.sellerId,
    sellerUsername: i.item.sellerUsername,
    status: 'awaiting_payment',
    lines: [
      {
        listingId: i.item.listingId,
        title: i.item.title,
        imageKey: i.item.imageKey,
        quantity: 1,
        unitPriceCents: i.priceCents,
        shippingCents: 0,
      },
    ],
    itemsCents: i.priceCents,
    shippingCents: 0,
    totalCents: i.priceCents,
    shipping: {
      fulfilment: i.item.fulfilment,
      serviceId: null,
      serviceName: null,
      estimatedDays: null,
      calculatedCents: 0,
      shipTo: null,
      fromZip: i.item.fromZip,
    },
    escrow: {
      buyerAddress: i.buyer.walletAddress,
      sellerAddress: i.sellerAddress,
      condition: '',
      sealedFulfillment: '',
      cancelAfter: '',
    },
    signing: null,
    escrowCreate: null,
    cancelReason: null,
    shipment: NO_SHIPMENT,
    fee: null,
    label: null,
    settlement: null,
    releaseReason: null,
    refundReason: null,
    completedAt: null,
    refundedAt: null,
    releaseDueAt: null,
    reservationExpiresAt: due,
    auction: {
      listingId: i.item.listingId,
      round: i.round,
      paymentDueAt: due,
      runnerUp: i.runnerUp,
      sellerChoice: null,
    },
    createdAt: at,
    updatedAt: at,
    fundedAt: null,
    cancelledAt: null,
  };
}

/** 409: the seller already offered a second chance or relisted (each auction allows one of the two, once). */
export const alreadyDecided = () =>
  new AppError('invalid_state', 'already_decided', 'You have already offered this item again or relisted it.');

/** An auction's order that was not paid in time. */
export const isLapsed = (o: OrderRecord) => o.status === 'cancelled' && o.cancelReason === 'payment_lapsed';

/** Whether the lapse schedule should end this order now: still awaiting payment at or after its window's end. */
export function dueToLapse(o: OrderRecord, at: Date): boolean {
  return o.status === 'awaiting_payment' && o.auction !== null && Date.parse(o.auction.paymentDueAt) <= at.getTime();
}

/**
 * Where an order goes when its escrow signing fails (cancelled, expired, refused, the ledger said no, the reservation
 * ran out): an auction's order back to awaiting payment (the winner may try again; the lapse schedule ends it once the
 * window is over), any other order cancelled with its units released.
 */
export function afterFailedSigning(o: OrderRecord): 'awaiting_payment' | 'cancelled' {
  return o.auction ? 'awaiting_payment' : 'cancelled';
}

/** The seller's options on a lapsed order they have not acted on (the order view's `sellerOptions`). */
export function sellerOptionsOf(o: OrderRecord): AuctionSaleView['sellerOptions'] {
  if (!o.auction || !isLapsed(o) || o.auction.sellerChoice) return null;
  return { secondChanceCents: secondChanceFor(o)?.priceCents ?? null, relist: true };
}

/** The runner-up of a lapsed winner's order the seller has not acted on, or null when there is none to offer. */
function secondChanceFor(o: OrderRecord) {
  return o.auction?.round === 'winner' && isLapsed(o) && !o.auction.sellerChoice ? o.auction.runnerUp : null;
}

/** The second chance the seller may offer from this order, or the reason they can't (409s with what to do). */
export function secondChanceOf(o: OrderRecord): { bidderId: string; priceCents: Cents } {
  if (!o.auction) throw new AppError('invalid_state', 'not_an_auction', 'This order is not from an auction.');
  if (!isLapsed(o)) {
    throw new AppError(
      'invalid_state',
      'not_lapsed',
      'A second chance can be offered only once the winner did not pay in time.',
    );
  }
  if (o.auction.sellerChoice) throw alreadyDecided();
  const offer = secondChanceFor(o);
  if (!offer) {
    throw new AppError(
      'invalid_state',
      'no_runner_up',
      'No other bidder reached the reserve, so there is no one to offer it to.',
    );
  }
  return offer;
}

/** The pay step may start: the buyer's own order, awaiting payment, inside its window; else why not. */
export function assertAwaitingPayment(o: OrderRecord, at: Date): void {
  if (o.status === 'awaiting_signature' || o.status === 'submitting') {
    throw new AppError(
      'invalid_state',
      'order_in_payment',
      'This order is being paid: approve the escrow in your wallet.',
    );
  }
  if (isLapsed(o) || (o.auction && Date.parse(o.auction.paymentDueAt) <= at.getTime())) {
    throw new AppError(
      'invalid_state',
      'payment_window_closed',
      `The ${PAYMENT_WINDOW_HOURS} hours to pay for this item have passed.`,
    );
  }
  if (o.status !== 'awaiting_payment' || !o.auction) {
    throw new AppError('invalid_state', 'order_not_awaiting_payment', 'This order is not waiting for payment.');
  }
}
