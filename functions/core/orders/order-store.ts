import type { CancelReason, EscrowCreateRecord, OrderRecord, OrderSigning } from './order';
import type { OrderStore } from './checkout';

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
  /** Newest first, after `after` when given. */
  byBuyer(buyerId: string, after: OrderPosition | null, limit: number): Promise<OrderPage>;
  bySeller(sellerId: string, after: OrderPosition | null, limit: number): Promise<OrderPage>;
  /** Orders still holding units whose reservation ran out before `now`, oldest first. */
  lapsedReservations(now: string, limit: number): Promise<OrderRecord[]>;
}

/** Listings whose last units were sold leave browse and search. */
export interface SoldOutListings {
  /** Marks each listing sold if every unit is sold (its postings and facets go in the same transaction). */
  markSoldOut(listingIds: readonly string[]): Promise<void>;
}
