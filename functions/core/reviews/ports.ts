import type { Clock } from '../clock/clock';
import type { OrderRepository } from '../orders/order-store';
import type { EventPublisher } from '../realtime/ports';
import type { ReviewRecord } from './review';

/** A new review of an order, as its transaction writes it. */
export interface NewReview extends Omit<ReviewRecord, 'reply'> {
  orderId: string;
  listingId: string | null;
}

/** Reviews in the table (functions/adapters/db/review-store.ts). */
export interface ReviewStore {
  /**
   * Writes the review, the order's mark that this reviewer reviewed it, and the reviewed user's rating sum and count in
   * one transaction. False, and nothing written, when the reviewer has reviewed the order already.
   */
  create(review: NewReview): Promise<boolean>;
  /** The order's reviews (none, one or both parties'). */
  ofOrder(orderId: string): Promise<ReviewRecord[]>;
  /** A review of `reviewedId`'s, or null when they have none of that id. */
  get(reviewedId: string, reviewId: string): Promise<ReviewRecord | null>;
  /** Sets the review's reply while it has none: false when it has one by then. */
  reply(reviewedId: string, reviewId: string, reply: NonNullable<ReviewRecord['reply']>): Promise<boolean>;
}

export interface ReviewDeps {
  orders: Pick<OrderRepository, 'get'>;
  reviews: ReviewStore;
  events: EventPublisher;
  newId(at: Date): string;
  clock: Clock;
  warn(message: string, error: unknown): void;
}
