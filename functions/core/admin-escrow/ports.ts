import type { EscrowBucket } from '../../../shared/domain/escrow-monitor';
import type { OrderRecord, OrderStatus } from '../orders/order';

/** An order with its stored deadline (what the settlement schedule finds it by) as the monitor reads it. */
export interface MonitoredOrder {
  order: OrderRecord;
  deadline: string;
}

/** What a read returned and how many items it read from the table (the monitor's cost, reported; decision 065). */
export interface Read<T> {
  value: T;
  itemsRead: number;
}

export interface BucketCounts {
  pending: number;
  held: number;
  completed: number;
  cancelled: number;
}

/** The escrow monitor's reads (decision 065): counters and keyed queries only, never a scan. */
export interface EscrowMonitorReader {
  /** The kept counters (pending includes held) and the held bucket's size (a sparse, small partition). */
  counts(): Promise<Read<BucketCounts>>;
  /** A bucket's orders, newest funding first. */
  latest(bucket: EscrowBucket, limit: number): Promise<Read<MonitoredOrder[]>>;
  /** Orders in a status whose deadline is before `before`, earliest first. */
  due(status: OrderStatus, before: string, limit: number): Promise<Read<MonitoredOrder[]>>;
  /** Orders the reconcile job marked as drifted from the ledger (decision 065), earliest found first. */
  drifted(limit: number): Promise<Read<MonitoredOrder[]>>;
  /** One order, if it was ever funded. */
  get(orderId: string): Promise<Read<MonitoredOrder | null>>;
  /** A user's latest funded orders as buyer or seller, by username (case-insensitive); none if no such user. */
  ofUsername(username: string, limit: number): Promise<Read<MonitoredOrder[]>>;
}
