import { ulid } from 'ulid';
import type { ReviewDeps } from '../core/reviews/ports';
import { clock } from '../adapters/clock';
import { orderStore } from '../adapters/db/order-store';
import { reviewStore } from '../adapters/db/review-store';
import { db } from '../adapters/db/service';
import { eventQueue } from '../adapters/event-queue';
import type { Logger } from '../lib/logger';

/** The reviews use cases (decision 050) wired to the table, the events queue and the functions' clock. */
function reviewDeps(log: Pick<Logger, 'warn'>): ReviewDeps {
  return {
    orders: orderStore(db()),
    reviews: reviewStore(db()),
    events: eventQueue,
    // A review's id is a ULID of its own instant: the id alone names its key (adapters/db/review-store.ts).
    newId: (at) => ulid(at.getTime()),
    clock,
    warn: (message, error) => log.warn(message, { error }),
  };
}

export const createReviewDeps = reviewDeps;
export const replyToReviewDeps = reviewDeps;
