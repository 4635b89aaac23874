import type { Review, ReviewTransactionType } from '../../../shared/domain/reviews';

/** A stored review (decision 050), whichever page reads it: the store's Reviews tab, an order's page. */
export interface ReviewRecord {
  /** A ULID of `createdAt`'s instant. */
  reviewId: string;
  /** The reviewed user, in whose partition it is kept. */
  reviewedId: string;
  reviewerId: string;
  reviewerUsername: string;
  rating: number;
  comment: string;
  transactionType: ReviewTransactionType;
  createdAt: string;
  reply: { comment: string; createdAt: string } | null;
}

export function toReview(r: ReviewRecord): Review {
  return {
    id: r.reviewId,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt,
    transactionType: r.transactionType,
    reply: r.reply,
  };
}
