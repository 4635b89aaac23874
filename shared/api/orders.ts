import * as z from 'zod/mini';
import { PICKUP_CODE_MESSAGES } from '../domain/pickup-code';
import { orderReviewsSchema } from '../domain/reviews';
import { CART_MAX_ITEMS } from '../domain/cart';
import { ORDER_STATUSES, ESCROW_STATUSES, SHIPPING_STATUSES } from '../domain/order-status';
import { SHIPPING_QUOTE_SOURCES } from '../domain/shipping';
import { withinAmountLimit } from './amount-limit';
import { defineContract } from './contract';
import { disputeSchema } from './dispute-view';
import { returnSchema, returnWindowSchema } from './return-view';

/** Checkout, orders and their escrows (spec part 2 "Checkout", "Escrow creation", part 3 "My Activity"). */

const cents = z.number().check(z.int(), z.nonnegative());
const id = (what: string) => z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, `Not ${what}`));

export { ORDER_STATUSES, ESCROW_STATUSES, SHIPPING_STATUSES } from '../domain/order-status';
export const SHIPMENT_PROOFS = ['platform_label', 'seller_tracking'] as const;

export const shippingOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  costCents: cents,
  estimatedDays: z.string(),
  description: z.string(),
});

export const shippingQuoteSchema = z.object({
  quoteId: z.string(),
  source: z.enum(SHIPPING_QUOTE_SOURCES),
  /** Cheapest first; each option's cost covers every seller's box. */
  options: z.array(shippingOptionSchema),
  expiresAt: z.string(),
});
export type ShippingQuoteView = z.infer<typeof shippingQuoteSchema>;

/**
 * The sellers whose items the buyer collects (local pickup) instead of having them shipped; at most one per cart line.
 * A seller named twice is the same choice (the server takes the list as a set).
 */
const localPickupSellerIdsSchema = z.array(id('a seller id')).check(z.maxLength(CART_MAX_ITEMS));

/** The same list in a query string: seller ids joined with commas. */
export const pickupQuery = {
  encode: (sellerIds: readonly string[]) => [...sellerIds].sort().join(','),
  decode: (text: string | undefined) => (text ? text.split(',') : []),
};

/** The shipping options for the cart's (or an auction order's) calculated-shipping items; null when none needs them. */
export const getShippingOptions = defineContract({
  method: 'GET',
  path: '/api/checkout/shipping-options',
  query: z.strictObject({
    /** With `orderId`: for that auction's order awaiting the caller's payment instead of the cart. */
    orderId: z.optional(id('an order id')),
    /** The sellers the buyer collects from (comma-separated): their items are not shipped, so not quoted. */
    pickup: z.optional(z.string().check(z.regex(/^[0-9A-Za-z]{1,64}(,[0-9A-Za-z]{1,64}){0,49}$/, 'Not seller ids'))),
  }),
  response: z.object({ quote: z.nullable(shippingQuoteSchema) }),
});

const party = z.object({ id: z.string(), username: z.string() });

/** How long the winner of an auction has to pay (decision 029). */
export const PAYMENT_WINDOW_HOURS = 48;

export const auctionSaleSchema = z.object({
  listingId: z.string(),
  /** The winner's order, or the runner-up's second chance after the winner did not pay. */
  round: z.enum(['winner', 'second_chance']),
  /** Unpaid by then, the order lapses. */
  paymentDueAt: z.string(),
  /**
   * To the seller of a lapsed order they have not acted on: the runner-up's price (their maximum) when a second chance
   * can be offered, and whether the item can be relisted. Null otherwise.
   */
  sellerOptions: z.nullable(z.object({ secondChanceCents: z.nullable(cents), relist: z.boolean() })),
  /** What the seller did after a lapse: offered it to the runner-up, or relisted it (the new listing). */
  sellerChoice: z.nullable(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('second_chance') }),
      z.object({ kind: z.literal('relisted'), listingId: z.string() }),
    ]),
  ),
});
export type AuctionSaleView = z.infer<typeof auctionSaleSchema>;

export const orderSchema = z.object({
  id: z.string(),
  checkoutId: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The spec's escrow status once the escrow exists (funded), else null. */
  escrowStatus: z.nullable(z.enum(ESCROW_STATUSES)),
  /** Who the viewer is in this order. */
  role: z.enum(['buyer', 'seller']),
  buyer: party,
  seller: party,
  lines: z.array(
    z.object({
      listingId: z.string(),
      title: z.string(),
      imageUrl: z.nullable(z.string()),
      quantity: z.number().check(z.int(), z.positive()),
      unitPriceCents: cents,
      shippingCents: cents,
    }),
  ),
  itemsCents: cents,
  shippingCents: cents,
  totalCents: cents,
  currency: z.literal('RLUSD'),
  isLocalPickup: z.boolean(),
  shippingService: z.nullable(z.object({ id: z.string(), name: z.string(), estimatedDays: z.string() })),
  shippingStatus: z.enum(SHIPPING_STATUSES),
  /** The parcel once the seller ships it: the carrier's tracking number and what the carrier last said. */
  shipment: z.object({
    trackingNumber: z.nullable(z.string()),
    shippedAt: z.nullable(z.string()),
    deliveredAt: z.nullable(z.string()),
    estimatedDeliveryAt: z.nullable(z.string()),
    /** What ties the parcel to the order: a label bought here, or a number the seller entered (decision 039). */
    proof: z.nullable(z.enum(SHIPMENT_PROOFS)),
  }),
  /**
   * A label bought here, to the seller only (decision 039): its service and cost, and where its purchase stands
   * (buying once the payment is validated; failed when the carrier refused or its answer was lost).
   */
  label: z.nullable(
    z.object({
      serviceName: z.string(),
      costCents: cents,
      status: z.enum(['awaiting_payment', 'buying', 'bought', 'failed']),
      trackingNumber: z.nullable(z.string()),
      hasPdf: z.boolean(),
    }),
  ),
  /** The seller's platform fee, to the seller only, once it is known (the seller's first action on the order). */
  platformFee: z.nullable(z.object({ cents, percent: z.string(), paid: z.boolean(), txHash: z.nullable(z.string()) })),
  /** Where the parcel goes: the buyer's own; to the seller only once the escrow is funded (decision 041). */
  shipTo: z.nullable(
    z.object({
      fullName: z.string(),
      street: z.string(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
      country: z.string(),
    }),
  ),
  escrow: z.object({
    /** When the ledger lets the funds go back to the buyer if nothing released them. */
    cancelAfter: z.string(),
    /** The EscrowFinish (released) or EscrowCancel (refunded) that ended it, once submitted. */
    settlementTxHash: z.nullable(z.string()),
    /** The EscrowCreate's hash and the buyer's sequence that names the escrow, once submitted. */
    txHash: z.nullable(z.string()),
    /** The EscrowCreate on the network's explorer. */
    explorerUrl: z.nullable(z.string()),
    sequence: z.nullable(z.number()),
    ledgerIndex: z.nullable(z.number()),
  }),
  /** A delivered order's inspection period end: its escrow is released to the seller then (decision 052). */
  releaseDueAt: z.nullable(z.string()),
  /** To the seller of a funded order to ship: the last day (YYYY-MM-DD) to send it so it arrives in time. */
  shipBy: z.nullable(z.string()),
  /** The buyer's reported issue, to both parties (decision 053); the latest one, null if none. */
  dispute: z.nullable(disputeSchema),
  /**
   * An auction's order (decision 029): the window to pay in, and, to the seller of one that lapsed, what they may do.
   */
  auction: z.nullable(auctionSaleSchema),
  /** The wallet request to sign, for the buyer while the order awaits signature. */
  signing: z.nullable(z.object({ uuid: z.string(), signUrl: z.string(), qrPngUrl: z.string(), expiresAt: z.string() })),
  /** A funded local pickup's one-time code, in its buyer's own read of that one order only (decision 040). */
  pickupCode: z.optional(z.string()),
  /** The order's reviews, in a party's read of that one order only (decision 050); lists leave it out. */
  reviews: z.optional(orderReviewsSchema),
  /** The order's return request (decision 054), in a party's read of that one order only; null if none. */
  returnRequest: z.optional(z.nullable(returnSchema)),
  /** To the buyer, in the read of that one order: what a return would be and until when; null when none is possible. */
  returnWindow: z.optional(z.nullable(returnWindowSchema)),
  cancelReason: z.nullable(z.string()),
  /** Why it was released (delivered, pickup_approved) or is being returned (pickup_rejected, expired). */
  releaseReason: z.nullable(z.string()),
  refundReason: z.nullable(z.string()),
  createdAt: z.string(),
  fundedAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  refundedAt: z.nullable(z.string()),
});
export type Order = z.infer<typeof orderSchema>;

/** What a buyer agrees to pay (checkout, and an auction's payment). */
export const paymentBodySchema = z.strictObject({
  /** The quote the buyer saw and the option picked, when the cart has calculated shipping. */
  shipping: z.nullable(
    z.strictObject({ quoteId: id('a quote id'), optionId: z.string().check(z.regex(/^[A-Z0-9_]{1,60}$/)) }),
  ),
  /** The total the buyer agreed to; the server refuses any other (prices or shipping changed). */
  expectedTotalCents: z.number().check(z.int(), z.nonnegative(), withinAmountLimit()),
});

export const checkout = defineContract({
  method: 'POST',
  path: '/api/checkout',
  body: z.extend(paymentBodySchema, {
    /** Sellers whose items the buyer collects instead (each of their lines must offer local pickup). */
    localPickupSellerIds: z._default(localPickupSellerIdsSchema, []),
  }),
  response: z.object({ checkoutId: z.string(), orders: z.array(orderSchema) }),
});

export const escrowSigningSchema = z.object({
  orderId: z.string(),
  uuid: z.string(),
  signUrl: z.string(),
  qrPngUrl: z.string(),
  expiresAt: z.string(),
});
export type EscrowSigning = z.infer<typeof escrowSigningSchema>;

/** What the buyer reads about an order withdrawn before any wallet request was made (cancel reason 'withdrawn'). */
export const ORDER_WITHDRAWN = 'Your order was withdrawn and its items released.';

/**
 * Withdraws the open wallet request (unless the wallet already opened it): the order is cancelled, its units go back.
 * An order no wallet request was made for is withdrawn itself (cancel reason 'withdrawn').
 */
export const cancelEscrowSigning = defineContract({
  method: 'DELETE',
  path: '/api/orders/{orderId}/escrow-signing',
  params: z.strictObject({ orderId: id('an order id') }),
  response: orderSchema,
});

/** The wallet request to sign this order's EscrowCreate (the same one while it is open). */
export const requestEscrowSigning = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/escrow-signing',
  params: z.strictObject({ orderId: id('an order id') }),
  body: z.strictObject({}),
  response: escrowSigningSchema,
});

export const getOrder = defineContract({
  method: 'GET',
  path: '/api/orders/{orderId}',
  params: z.strictObject({ orderId: id('an order id') }),
  response: orderSchema,
});

export const ORDERS_PAGE_SIZE = 20;

/** How many of the newest orders a `listingId` filter looks through (an item's escrow panel wants its recent ones). */
export const ORDERS_LISTING_SCAN = 100;

export const listMyOrders = defineContract({
  method: 'GET',
  path: '/api/me/orders',
  query: z.strictObject({
    role: z._default(z.enum(['buyer', 'seller']), 'buyer'),
    /** Only orders with a line of this listing, among the caller's newest ORDERS_LISTING_SCAN (no paging then). */
    listingId: z.optional(id('a listing id')),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), ORDERS_PAGE_SIZE),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  }),
  response: z.object({ items: z.array(orderSchema), nextCursor: z.nullable(z.string()) }),
});

/** Which unpaid orders: won auctions only (the cart's won items), or every one (My Activity's Pending tab). */
export const AWAITING_PAYMENT_SCOPES = ['auctions', 'all'] as const;
export type AwaitingPaymentScope = (typeof AWAITING_PAYMENT_SCOPES)[number];

/**
 * The buyer's own orders not paid yet, newest first: won auctions and second chances awaiting payment (decision 029),
 * and with `scope=all` also checkout's orders awaiting their escrow signature (decision 060); each while it is being
 * signed and submitted too.
 */
export const listAwaitingPayment = defineContract({
  method: 'GET',
  path: '/api/me/orders/awaiting-payment',
  query: z.strictObject({ scope: z._default(z.enum(AWAITING_PAYMENT_SCOPES), 'auctions') }),
  response: z.object({ items: z.array(orderSchema) }),
});

/**
 * The buyer pays an auction's order: the shipping service (from GET /api/checkout/shipping-options?orderId=) and the
 * total they agreed to, as checkout takes them; the order gets its escrow terms and awaits signature.
 */
export const payAuctionOrder = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/payment',
  params: z.strictObject({ orderId: id('an order id') }),
  body: z.extend(paymentBodySchema, {
    /** The winner collects the item instead (its listing must offer local pickup). */
    localPickup: z._default(z.boolean(), false),
  }),
  response: orderSchema,
});

/**
 * The seller's platform fee for an order (a Payment to the platform, signed in the wallet): 'paid' once it is, else
 * the wallet request (the same one while it is open).
 */
const feeRequestSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('paid') }),
  z.object({
    status: z.literal('signing'),
    /** The fee; with a label, `labelCents` is its cost and the Payment is the two together. */
    cents,
    labelCents: cents,
    percent: z.string(),
    uuid: z.string(),
    signUrl: z.string(),
    qrPngUrl: z.string(),
    expiresAt: z.string(),
  }),
]);

export const requestPlatformFee = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/platform-fee',
  params: z.strictObject({ orderId: id('an order id') }),
  body: z.strictObject({}),
  response: feeRequestSchema,
});

/** The carrier's services for a funded shipped order's parcel, from the seller's ZIP to the buyer (decision 039). */
export const getLabelRates = defineContract({
  method: 'GET',
  path: '/api/orders/{orderId}/label-rates',
  params: z.strictObject({ orderId: id('an order id') }),
  response: z.object({ options: z.array(shippingOptionSchema) }),
});

/**
 * The seller buys a label here: one Payment of the fee plus the chosen service's cost, as the carrier quotes it now
 * (never a price from the browser). Once the ledger validates it the platform buys the label and the order ships.
 */
export const requestLabelPayment = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/label',
  params: z.strictObject({ orderId: id('an order id') }),
  body: z.strictObject({
    serviceType: z.string().check(z.regex(/^[A-Z0-9_]{1,40}$/, 'Not a shipping service')),
  }),
  response: feeRequestSchema,
});

/** The bought label's PDF, to the order's seller only (404 to anyone else). */
export const getLabelPdf = defineContract({
  method: 'GET',
  path: '/api/orders/{orderId}/label',
  params: z.strictObject({ orderId: id('an order id') }),
  response: z.object({ fileName: z.string(), pdfBase64: z.string() }),
});

/** The seller ships: the FedEx tracking number, checked with the carrier; 409 'Platform Fee Required' until paid. */
export const shipOrder = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/shipment',
  params: z.strictObject({ orderId: id('an order id') }),
  body: z.strictObject({
    trackingNumber: z.string().check(z.maxLength(40, 'A tracking number has at most 40 characters')),
  }),
  response: orderSchema,
});

/**
 * The seller of a local pickup approves it with the buyer's pickup code (release, fee first; decision 040) or rejects it
 * (back to the buyer).
 */
export const decidePickup = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/pickup',
  params: z.strictObject({ orderId: id('an order id') }),
  body: z.discriminatedUnion('decision', [
    z.strictObject({
      decision: z.literal('approve'),
      pickupCode: z.string().check(z.maxLength(20, PICKUP_CODE_MESSAGES.format)),
    }),
    z.strictObject({ decision: z.literal('reject') }),
  ]),
  response: orderSchema,
});
