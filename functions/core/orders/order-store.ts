import type { AwaitingPaymentScope } from '../../../shared/api/orders';
import type {
  CancelReason,
  EscrowOpenStatus,
  EscrowCreateRecord,
  OrderRecord,
  OrderSigning,
  OrderStatus,
  RefundReason,
  ReleaseReason,
  Settlement,
} from './order';
import type { OrderStore, PickupCode } from './checkout';

export interface OrderPage {
  orders: OrderRecord[];
  /** The last order of a full page: the next page starts after it. */
  after: OrderPosition | null;
}

/** Where an order sits in a list, newest first. */
export interface OrderPosition {
  createdAt: string;
  orderId: string;
}

/** Orders in the table. Every transition is conditional on the status it leaves, so it happens once. */
export interface OrderRepository extends OrderStore {
  get(orderId: string): Promise<OrderRecord | null>;
  /** Records the wallet request of an order still awaiting signature that has none; false otherwise. */
  setSigning(orderId: string, signing: OrderSigning, reservationExpiresAt: string): Promise<boolean>;
  /** awaiting_signature -> submitting, with the signed blob's hash recorded before it is submitted. */
  startSubmitting(orderId: string, escrowCreate: EscrowCreateRecord, at: string): Promise<boolean>;
  /** submitting -> funded; the reserved units become sold, in the same transaction. */
  markFunded(order: OrderRecord, ledgerIndex: number, at: string): Promise<boolean>;
  /** awaiting_signature or submitting -> cancelled; the reserved units go back, in the same transaction. */
  cancel(order: OrderRecord, reason: CancelReason, at: string): Promise<boolean>;
  /**
   * An auction's order: awaiting_payment -> awaiting_signature with what the buyer's payment set (shipping, totals,
   * escrow terms, a short reservation for signing, a pickup's code lock with its plain code kept apart). False when
   * it was no longer awaiting payment.
   */
  startPayment(order: OrderRecord, at: string, pickupCode?: PickupCode): Promise<boolean>;
  /**
   * An auction's order whose signing failed: awaiting_signature or submitting (from `order.status`) -> awaiting_payment,
   * its wallet request and failed EscrowCreate dropped; its unit stays held for it until the window ends.
   */
  backToPayment(order: OrderRecord, at: string): Promise<boolean>;
  /** Newest first, after `after` when given. */
  byBuyer(buyerId: string, after: OrderPosition | null, limit: number): Promise<OrderPage>;
  bySeller(sellerId: string, after: OrderPosition | null, limit: number): Promise<OrderPage>;
  /**
   * The buyer's orders made since `since` that are not paid yet (awaiting payment, or being signed and submitted),
   * newest first: auction orders only, or all of them (checkout's awaiting their escrow signature too).
   */
  unpaidOrders(buyerId: string, since: string, scope: AwaitingPaymentScope): Promise<OrderRecord[]>;
  /** funded or shipped -> releasing (the escrow is to go to the seller). */
  beginRelease(orderId: string, from: EscrowOpenStatus, reason: ReleaseReason, at: string): Promise<boolean>;
  /**
   * funded, shipped, or releasing with this settlement -> refunding (back to the buyer once the ledger allows it); the
   * sealed fulfillment is destroyed in the same write, so nothing can release the escrow any more.
   */
  beginRefund(
    order: OrderRecord,
    from: OrderStatus,
    settlementTxid: string | null,
    reason: RefundReason,
    at: string,
  ): Promise<boolean>;
  /** Records a prepared finish or cancel (before it is submitted), replacing `previousTxid`'s; false if it changed. */
  recordSettlement(
    orderId: string,
    status: OrderStatus,
    previousTxid: string | null,
    settlement: Settlement,
  ): Promise<boolean>;
  /**
   * -> completed from the validated EscrowFinish `order.settlement`, if the order is still in the status it was read
   * in (releasing; funded or shipped when reconcile repairs it from the ledger).
   */
  markCompleted(order: OrderRecord, ledgerIndex: number, at: string): Promise<boolean>;
  /** -> refunded likewise, from the validated EscrowCancel; the units go back to listings still active. */
  markRefunded(order: OrderRecord, ledgerIndex: number, at: string): Promise<boolean>;
  /** Orders in `status` whose deadline (reservation end, or CancelAfter once funded) is before `before`, oldest first. */
  dueIn(status: OrderStatus, before: string, limit: number): Promise<OrderRecord[]>;
  /** Notes the ship-by notice of a funded order not noted yet; false when it was (or the order moved on). */
  noteShipByNotice(orderId: string, at: string): Promise<boolean>;
  /** Orders still holding units whose reservation ran out before `at`, oldest first. */
  lapsedReservations(at: string, limit: number): Promise<OrderRecord[]>;
}

/** Listings whose last units were sold leave browse and search, and the offers still open on them are declined. */
export interface SoldOutListings {
  /**
   * Marks each listing sold if every unit is sold (its postings and facets go in the same transaction) and announces
   * each sold-out one (listing.closed), so its open offers are declined (decision 033).
   */
  markSoldOut(listingIds: readonly string[]): Promise<void>;
}
