import type { OrderDispute, OrderRecord } from '../orders/order';
import type { ProtectionSettings } from '../orders/protection';
import type { SettlementDeps } from '../orders/settlement';

/**
 * A dispute's writes to its order (decision 053). Each is conditional on the order's status as read and on the hold:
 * opening needs none, every end needs the open one, so a release and a dispute that race cannot both win.
 */
export interface DisputeRepository {
  get(orderId: string): Promise<OrderRecord | null>;
  /** Opens it: the release is held and the order is due again when the dispute would end. */
  open(order: OrderRecord, dispute: OrderDispute, at: string): Promise<boolean>;
  /** The buyer withdrew it: the hold ends and the order is due again at `deadline` (its release, or CancelAfter). */
  withdraw(order: OrderRecord, dispute: OrderDispute, deadline: string, at: string): Promise<boolean>;
  /** Ends it as a refund: -> refunding, the fulfillment destroyed in the same write (as every refund). */
  refund(
    order: OrderRecord,
    dispute: OrderDispute,
    reason: 'dispute_refunded' | 'dispute_expired',
    at: string,
  ): Promise<boolean>;
  /** Adds the seller's answer to the open dispute that had `answered` answers (so two answers at once both count). */
  respond(order: OrderRecord, dispute: OrderDispute, answered: number, at: string): Promise<boolean>;
  /** Ends it as a release (an administrator's decision): -> releasing. */
  release(order: OrderRecord, dispute: OrderDispute, at: string): Promise<boolean>;
}

export interface DisputeEvents {
  /** The dispute opened or ended: both parties' pages update and both are notified. */
  disputeChanged(order: OrderRecord, at: Date): Promise<void>;
  /** The seller answered it: the buyer is told, and the answer goes into the order's conversation. */
  disputeAnswered(order: OrderRecord, at: Date): Promise<void>;
  /** The dispute ends as a refund within a day unless resolved: both parties are told, once. */
  disputeEnding(order: OrderRecord, at: Date): Promise<void>;
}

export interface DisputeDeps extends SettlementDeps {
  disputes: DisputeRepository;
  disputeEvents: DisputeEvents;
  protection: ProtectionSettings;
}
