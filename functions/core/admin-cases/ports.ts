import type { MessageStore } from '../messages/ports';
import type { MediaUrl } from '../listings/to-card';
import type { OrderRecord } from '../orders/order';
import type { ReturnRepository } from '../returns/ports';

/** The admin case queue's own read (decision 068): open disputes through their sparse index, never a scan. */
export interface DisputeQueue {
  /** Orders with an open dispute, the soonest end first. */
  openDisputes(limit: number): Promise<OrderRecord[]>;
}

export interface CaseDeps {
  disputes: DisputeQueue;
  /** Escalated returns are the returns schedule's `escalated` stage (decision 054). */
  returns: Pick<ReturnRepository, 'due' | 'get'>;
  orders: { get(orderId: string): Promise<OrderRecord | null> };
  messages: Pick<MessageStore, 'conversation' | 'messages'>;
  mediaUrl: MediaUrl;
}
