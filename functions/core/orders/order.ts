import type { PackageSpec } from '../shipping/carrier-port';
import type { Cents } from '../../../shared/domain/money';
import type { OrderStatus } from '../../../shared/domain/order-status';
import type { HoldCharge } from './holds';
import type { EscrowBucket } from '../../../shared/domain/escrow-monitor';
import type { DisputeReason, DisputeStatus } from '../../../shared/domain/disputes';

/**
 * An order: what one buyer buys from one seller in one checkout, paid into one conditional RLUSD escrow on the ledger.
 *
 * An auction's order (decision 029) starts before that, awaiting_payment, made when the auction ends: the
 * winner has 48 hours to choose shipping and pay (-> awaiting_signature, with its escrow terms). A signing that fails
 * comes back to awaiting_payment; unpaid at the window's end it lapses (cancelled, payment_lapsed).
 *
 *   awaiting_signature --(signed blob verified, txid recorded)--> submitting --(validated tesSUCCESS)--> funded
 *          |                                                        |
 *          +--(signing cancelled / expired / refused, reservation lapsed)--+--(tec, rejected, expired)--> cancelled
 *
 * A funded escrow ends one of two ways (decision 025): released to the seller on proof (carrier delivery of the parcel
 * the seller shipped, funded -> shipped -> delivered, released when its inspection period ends (decision 052),
 * -> releasing; or the buyer's pickup code entered by the seller, decision 040,
 * funded -> releasing), then
 * releasing (EscrowFinish recorded, then submitted) -> completed; or returned to the
 * buyer (pickup rejected, or CancelAfter reached without a release): funded -> refunding -> refunded (EscrowCancel,
 * which the ledger allows only after CancelAfter).
 *
 * Units are reserved while awaiting_signature and submitting, sold once funded, and released when cancelled. Money
 * never passes through us: a funded order is an escrow only our fulfillment can finish, and the ledger returns it to
 * the buyer after CancelAfter.
 */
export { ORDER_STATUSES, type OrderStatus } from '../../../shared/domain/order-status';

export const CANCEL_REASONS = [
  'signing_cancelled',
  'signing_expired',
  'blob_refused',
  'ledger_failed',
  'reservation_expired',
  'payment_lapsed',
  /** The buyer withdrew the order before any wallet request was made. */
  'withdrawn',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export type Fulfilment = 'ship' | 'pickup';

export const SHIPPING_STATUSES = ['pending', 'processing', 'shipped', 'delivered'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** What the carrier said of a parcel when it was claimed for an order: its delivery must be a newer scan. */
export interface ParcelClaim {
  at: string;
  /** The newest scan's time then (ISO UTC), null when it had none. */
  lastScanAt: string | null;
  scanCount: number;
}

/** How the parcel became the order's: a label bought here (bound by construction) or a number the seller entered. */
export type ShipmentProof = 'platform_label' | 'seller_tracking';

export interface Shipment {
  status: ShippingStatus;
  trackingNumber: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  /** The carrier's estimated delivery, when it gives one. */
  estimatedDeliveryAt: string | null;
  /**
   * What ties the parcel to this order: a label bought here (decision 039), or a number the seller entered; null
   * until shipped.
   */
  proof: ShipmentProof | null;
  /** When the parcel was claimed as this order's and what the carrier has scanned of it since; null until shipped. */
  claim: ParcelClaim | null;
}

/** The label the seller chose to buy here, priced by the server from the carrier's quote; paid with the fee. */
export interface LabelChoice {
  serviceType: string;
  serviceName: string;
  costCents: Cents;
  quotedAt: string;
  /** The parcel quoted and paid for, bought as it is (absent on choices made before it was kept). */
  package?: PackageSpec;
}

/**
 * Buying a paid label (decision 039): the intent is recorded (buying) before the carrier is called, so only one run
 * ever calls it; bought with the carrier's tracking number, or failed (refused: nothing was created) or unknown (the
 * call's outcome was lost) for an operator to look up by the order's reference.
 */
export interface LabelPurchase {
  status: 'buying' | 'bought' | 'failed' | 'unknown';
  startedAt: string;
  /** Where the PDF is kept in the media bucket (a random key, never listed or served publicly by name). */
  pdfKey: string | null;
  trackingNumber: string | null;
  boughtAt: string | null;
}

/** The seller's platform fee: a Payment to the platform's account, signed once per order before the seller's action. */
export interface PlatformFee {
  cents: Cents;
  /** The rate it was computed at, in hundredths of a percent (250 = 2.5 %). */
  basisPoints: number;
  /** A label bought with the fee: the one Payment is the fee plus its cost. */
  label: LabelChoice | null;
  signing: OrderSigning | null;
  txid: string | null;
  paidAt: string | null;
}

/** The EscrowFinish or EscrowCancel the platform's account submits, recorded before it is submitted. */
export interface Settlement {
  kind: 'finish' | 'cancel';
  txid: string;
  blob: string;
  sequence: number;
  lastLedgerSequence: number;
  submittedAt: string;
  ledgerIndex: number | null;
}

export const RELEASE_REASONS = ['delivered', 'pickup_approved', 'dispute_released'] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];
export const REFUND_REASONS = [
  'pickup_rejected',
  'expired',
  'dispute_refunded',
  'dispute_expired',
  'return_refunded',
  'return_expired',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export interface OrderLine {
  listingId: string;
  title: string;
  imageKey: string | null;
  quantity: number;
  unitPriceCents: Cents;
  /** This line's shipping in all (flat rate x quantity; calculated shipping sits on the order). */
  shippingCents: Cents;
  /** The accepted offer this line was priced from (one unit at its amount; decision 033). */
  offerId?: string;
}

export interface ShipTo {
  fullName: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface OrderShipping {
  fulfilment: Fulfilment;
  /** The carrier service chosen for calculated shipping (FEDEX_GROUND, ..., STANDARD), else null. */
  serviceId: string | null;
  serviceName: string | null;
  estimatedDays: string | null;
  /** Calculated shipping for the whole order (the chosen service's rate for its package). */
  calculatedCents: Cents;
  /** The buyer's address at checkout; null for a local pickup. */
  shipTo: ShipTo | null;
  fromZip: string;
}

/**
 * A local pickup's release lock (decision 040): the hash of the one-time code the buyer shows at the hand-over (the
 * plain code is kept apart, for the buyer's reads only), and the seller's tries at it.
 */
export interface PickupLock {
  /** pickupCodeHash (core/orders/pickup-code.ts), hex. */
  codeHash: string;
  /** Tries since the last pause. */
  tries: number;
  /** No try is taken before this (ISO UTC); null before any pause. */
  pausedUntil: string | null;
}

/** The EscrowCreate the buyer is asked to sign, as agreed at checkout. */
export interface EscrowTerms {
  buyerAddress: string;
  sellerAddress: string;
  /** PREIMAGE-SHA-256 condition, uppercase hex. */
  condition: string;
  /** The fulfillment, encrypted for this order (FulfillmentVault); never in a response, a log or an event. */
  sealedFulfillment: string;
  /** After this the ledger lets anyone return the funds to the buyer (ISO UTC, whole seconds). */
  cancelAfter: string;
}

export interface EscrowCreateRecord {
  /** Hash of the signed EscrowCreate, recorded before it is submitted. */
  txid: string;
  /** The signed blob, so a retry resubmits exactly it. */
  blob: string;
  /** The buyer's account sequence the EscrowCreate used: with the buyer's address it names the escrow. */
  sequence: number;
  submittedAt: string;
  /** The validated ledger that holds it, once funded. */
  ledgerIndex: number | null;
}

export interface OrderSigning {
  uuid: string;
  signUrl: string;
  qrPngUrl: string;
  expiresAt: string;
}

/** Which sale of an auction an order is: its winner's, or the runner-up's after the winner did not pay. */
export type AuctionRound = 'winner' | 'second_chance';

/** What the seller did once an auction's order lapsed (at most one thing, once). */
export type SellerChoice = { kind: 'second_chance'; orderId: string } | { kind: 'relisted'; listingId: string };

/** The auction an order was won in (null for a checkout's order). */
export interface AuctionSale {
  listingId: string;
  round: AuctionRound;
  /** The end of the payment window (ISO UTC): still awaiting payment then, the order lapses. */
  paymentDueAt: string;
  /** The winner's order only: who the seller may offer the item to if it lapses, at their maximum (secret otherwise). */
  runnerUp: { bidderId: string; priceCents: Cents } | null;
  sellerChoice: SellerChoice | null;
}

export interface OrderRecord {
  orderId: string;
  checkoutId: string;
  buyerId: string;
  buyerUsername: string;
  sellerId: string;
  sellerUsername: string;
  status: OrderStatus;
  lines: OrderLine[];
  itemsCents: Cents;
  shippingCents: Cents;
  totalCents: Cents;
  shipping: OrderShipping;
  escrow: EscrowTerms;
  /** The wallet request that asks the buyer to sign the EscrowCreate, once made (one per order). */
  signing: OrderSigning | null;
  escrowCreate: EscrowCreateRecord | null;
  cancelReason: CancelReason | null;
  shipment: Shipment;
  fee: PlatformFee | null;
  label: LabelPurchase | null;
  settlement: Settlement | null;
  releaseReason: ReleaseReason | null;
  refundReason: RefundReason | null;
  completedAt: string | null;
  refundedAt: string | null;
  /** A delivered order's release time: the inspection period's end, capped by the release deadline (decision 052). */
  releaseDueAt: string | null;
  /** Units are released if the order is still unsigned by then. */
  reservationExpiresAt: string;
  auction: AuctionSale | null;
  /** A local pickup's code lock; absent for a shipped order and for pickups made before decision 040. */
  pickup?: PickupLock;
  /** When the seller was told the ship-by day is ending (decision 052); absent before. */
  shipByNoticeAt?: string;
  /** The buyer's report of an issue (decision 053): while open, nothing releases the escrow. Absent if none. */
  dispute?: OrderDispute;
  /** What holds the release while it is open: an open dispute (decision 053) or a return asked before release (054). */
  releaseHold?: 'dispute' | 'return';
  /** The escrow monitor's bucket (decision 065), from funding on; absent before, and on orders funded before 065. */
  escrowBucket?: EscrowBucket;
  /**
   * What the reconcile job found wrong with the escrow and could not repair, and when it first found it (decision 065);
   * absent while the order agrees with the ledger. The escrow monitor counts such an order as stuck.
   */
  drift?: OrderDrift;
  /** A checkout's order: what it charged against the buyer's hold limits (decision 041); absent otherwise. */
  hold?: HoldCharge;
  createdAt: string;
  updatedAt: string;
  fundedAt: string | null;
  cancelledAt: string | null;
}

/** What the reconcile job can find wrong and not repair (decision 065). */
export const DRIFT_KINDS = ['escrow_create_missing', 'escrow_gone'] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

export interface OrderDrift {
  kind: DriftKind;
  /** When a reconcile run first found it. */
  at: string;
}

/** A dispute as the order keeps it (decision 053); the latest one, when the buyer reported more than once. */
export interface OrderDispute {
  reason: DisputeReason;
  description: string;
  /** The buyer's photos, re-encoded under DISPUTE_PHOTOS (core/disputes/dispute-photos.ts). */
  photoKeys: string[];
  status: DisputeStatus;
  openedAt: string;
  /** Still open then (the release deadline), it ends as a refund. */
  endsAt: string;
  /** The seller's answers, oldest first (absent before the first). */
  responses?: { message: string; photoKeys: string[]; at: string }[];
  resolution: { by: 'buyer' | 'seller' | 'admin' | 'deadline'; note: string | null; at: string } | null;
}

/** When the open dispute holding the order's release ends (decision 053); null when nothing holds it. */
export const holdEnd = (o: Pick<OrderRecord, 'dispute'>): string | null =>
  o.dispute?.status === 'open' ? o.dispute.endsAt : null;

/** A new order's shipment: nothing shipped yet. */
export const NO_SHIPMENT: Shipment = {
  status: 'pending',
  trackingNumber: null,
  shippedAt: null,
  deliveredAt: null,
  estimatedDeliveryAt: null,
  proof: null,
  claim: null,
};

/** Statuses in which the escrow is on the ledger and nothing has begun to end it. */
export const ESCROW_OPEN = ['funded', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];
export type EscrowOpenStatus = (typeof ESCROW_OPEN)[number];
export const isEscrowOpen = (s: OrderStatus): s is EscrowOpenStatus =>
  (ESCROW_OPEN as readonly OrderStatus[]).includes(s);

/** Statuses in which the order's units are held for it. */
export const RESERVING: readonly OrderStatus[] = ['awaiting_payment', 'awaiting_signature', 'submitting'];
