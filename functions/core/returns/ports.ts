import type { PostalAddress } from '../../../shared/domain/address';
import type { ReturnPolicy } from '../../../shared/domain/listing';
import type { ReturnCase, ReturnReason, ReturnStage } from '../../../shared/domain/returns';
import type { Clock } from '../clock/clock';
import type { ProfileStore } from '../profile/profile';
import type { Carrier } from '../shipping/carrier-port';
import type { OrderRecord } from '../orders/order';
import type { ProtectionSettings } from '../orders/protection';
import type { SettlementDeps } from '../orders/settlement';

/** A return request (decision 054): one per order, its own item. */
export interface ReturnRecord {
  orderId: string;
  buyerId: string;
  buyerUsername: string;
  sellerId: string;
  sellerUsername: string;
  listingId: string;
  listingTitle: string;
  imageKey: string | null;
  policy: ReturnPolicy;
  case: ReturnCase;
  stage: ReturnStage;
  reason: ReturnReason;
  description: string;
  /** After release, what the seller pays back: the order's item price. */
  refundCents: number;
  /** The XRPL accounts of the order's escrow: the refund Payment goes from the seller's to the buyer's. */
  buyerAddress: string;
  sellerAddress: string;
  requestedAt: string;
  /** While pending: approved for the seller then. */
  answerBy: string;
  decidedAt: string | null;
  /** The seller approved it (an escalated return shows what the seller had decided). */
  approved: boolean;
  sellerNote: string | null;
  /** The seller's return address at approval (their address when they use no other). */
  returnTo: PostalAddress | null;
  shipBackBy: string | null;
  trackingNumber: string | null;
  shippedAt: string | null;
  deliveredBackAt: string | null;
  refundDueBy: string | null;
  refundSigning: { uuid: string; signUrl: string; qrPngUrl: string; expiresAt: string } | null;
  /** The signed refund's hash, recorded before it is submitted; refundedAt once validated. */
  refundTxid: string | null;
  refundedAt: string | null;
  escalatedAt: string | null;
  resolution: { outcome: 'refund' | 'close'; note: string; at: string } | null;
  /** When the returns schedule next looks at it (NEVER when nothing is due). */
  dueAt: string;
  updatedAt: string;
}

/** The schedule's key of a return with nothing due. */
export const NEVER = '9999-12-31T23:59:59.999Z';

/** What a step changes on the return. */
export type ReturnChange = Partial<Omit<ReturnRecord, 'orderId' | 'buyerId' | 'sellerId' | 'case'>> & {
  updatedAt: string;
};

/** What ending a return's hold does to its order before release: the release goes ahead (by `deadline`) or a refund. */
export type HoldEnd = { kind: 'release'; deadline: string } | { kind: 'refund' };

export interface ReturnRepository {
  get(orderId: string): Promise<ReturnRecord | null>;
  /**
   * Writes a new return. Before release, in one transaction with the order's hold (the order still `delivered` and
   * nothing holding it), the order due again at `holdUntil` (the release deadline, where an unresolved hold ends as a
   * refund); false when the order has a return already or changed meanwhile.
   */
  create(record: ReturnRecord, order: OrderRecord, holdUntil: string): Promise<boolean>;
  /** Changes the return if it is still at the stage as read (and, given `tracking`, claims that number for it). */
  advance(ret: ReturnRecord, change: ReturnChange, tracking?: string): Promise<boolean>;
  /** Before release: changes the return from the stage as read and ends the order's hold in one transaction. */
  endHold(order: OrderRecord, ret: ReturnRecord, change: ReturnChange, end: HoldEnd): Promise<boolean>;
  /** Returns at `stage` due by `before`, soonest first. */
  due(stage: ReturnStage, before: string, limit: number): Promise<ReturnRecord[]>;
  /** The seller's returns, newest first. */
  ofSeller(
    sellerId: string,
    limit: number,
    cursor: string | null,
  ): Promise<{ items: ReturnRecord[]; cursor: string | null }>;
  /** Records the seller's refund request, replacing `previousUuid` (or none), while no refund is recorded. */
  setRefundSigning(
    orderId: string,
    stage: ReturnStage,
    signing: NonNullable<ReturnRecord['refundSigning']>,
    previousUuid: string | null,
  ): Promise<boolean>;
  /** The signed refund's hash, before it is submitted, once (for request `uuid`). */
  recordRefundTx(orderId: string, uuid: string, txid: string): Promise<boolean>;
  /** The refund `txid` validated: completed, once. */
  markRefunded(ret: ReturnRecord, txid: string, at: string): Promise<boolean>;
  /** The refund `txid` did not apply: the seller may sign again. */
  clearRefundTx(orderId: string, txid: string): Promise<boolean>;
  /** Makes the shipped returns sent back with these tracking numbers due `at` (the carrier said something new). */
  wake(trackingNumbers: readonly string[], at: string): Promise<void>;
  /** Whether an administrator decided the seller owes a refund not yet made (the store's 'Unresolved return'). */
  owesRefund(sellerId: string): Promise<boolean>;
}

export interface ReturnEvents {
  /** The return changed: both parties are told, its conversation notes it, their pages read the order again. */
  returnChanged(ret: ReturnRecord, at: Date): Promise<void>;
}

export interface ReturnDeps {
  returns: ReturnRepository;
  orders: SettlementDeps['orders'];
  returnEvents: ReturnEvents;
  protection: ProtectionSettings;
  clock: Clock;
}

/** The listing's return policy, read when the buyer asks (what the item page showed them). */
export interface ReturnPolicies {
  policyOf(listingId: string): Promise<ReturnPolicy | null>;
}

export interface ReturnCarrierDeps {
  carrier: Pick<Carrier, 'track'>;
  profiles: Pick<ProfileStore, 'get'>;
}
