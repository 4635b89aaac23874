import * as z from 'zod/mini';
import { ratingSchema, REVIEW_TEXTS, reviewSchema, reviewTextSchema } from '../domain/reviews';
import { defineContract } from './contract';

/** Reviews (issue "Leave Review", decision 050): a party of a completed order reviews the other, who may reply. */

const orderId = z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not an order id'));
/** Review ids are ULIDs (their time is the review's, which names it in its partition). */
const reviewId = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a review id'));

/**
 * Leave Review: the caller, a party of the completed order, reviews the other party once, within the window. Anyone
 * else: 404; a second review of the same order: 409.
 */
export const createReview = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/review',
  params: z.strictObject({ orderId }),
  body: z.strictObject({ rating: ratingSchema, comment: reviewTextSchema(REVIEW_TEXTS.commentEmpty) }),
  response: reviewSchema,
});

/** The reviewed user replies to a review of theirs, once (a review of anyone else's: 404). */
export const replyToReview = defineContract({
  method: 'POST',
  path: '/api/me/reviews/{reviewId}/reply',
  params: z.strictObject({ reviewId }),
  body: z.strictObject({ comment: reviewTextSchema(REVIEW_TEXTS.replyEmpty) }),
  response: reviewSchema,
});
