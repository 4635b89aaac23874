import * as z from 'zod/mini';
import { messageText } from './messages';

/**
 * Reviews (spec part 3 "Store page", issue "Leave Review"; decision 050): each party of a completed order reviews the
 * other once, within REVIEW_WINDOW_DAYS of its completion; the reviewed user may reply once. Shared by the server's
 * rules and the web's forms, so both refuse the same texts with the same words.
 */

/** 'buy': the buyer reviews the seller; 'other': the seller reviews the buyer. */
export const REVIEW_TRANSACTION_TYPES = ['buy', 'other'] as const;
export type ReviewTransactionType = (typeof REVIEW_TRANSACTION_TYPES)[number];

export const REVIEW_WINDOW_DAYS = 60;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 86_400_000;
/** A comment or a reply is at most this many characters (UTF-16 code units, as a textarea's maxLength counts them). */
export const REVIEW_TEXT_MAX = 1_000;

export const REVIEW_TEXTS = {
  ratingRange: 'Choose a rating from 1 to 5 stars',
  commentEmpty: 'Please write a comment',
  replyEmpty: 'Please write a reply',
  tooLong: `At most ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters`,
} as const;

/**
 * What is stored of a typed comment or reply: the messages' cleaning (trimmed, no control characters, a lone
 * surrogate half replaced), so a review shows what a message would.
 */
export const reviewText = messageText;

/** Why a comment (or reply) can't be sent, or null. */
export function reviewTextProblem(raw: string, empty: string = REVIEW_TEXTS.commentEmpty): string | null {
  const text = reviewText(raw);
  if (text.length === 0) return empty;
  if (text.length > REVIEW_TEXT_MAX) return REVIEW_TEXTS.tooLong;
  return null;
}

/** Whole stars, 1 to 5. */
export const ratingSchema = z
  .number()
  .check(z.int(REVIEW_TEXTS.ratingRange), z.gte(1, REVIEW_TEXTS.ratingRange), z.lte(5, REVIEW_TEXTS.ratingRange));

/** The text of a comment or reply as the API takes it (the rule above then cleans and checks it again). */
export const reviewTextSchema = (empty: string) =>
  z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(REVIEW_TEXT_MAX, REVIEW_TEXTS.tooLong));

export const reviewReplySchema = z.object({ comment: z.string(), createdAt: z.string() });

/** A stored review: its stars and comment, which way it went, and the reviewed user's reply once there is one. */
export const reviewSchema = z.object({
  id: z.string(),
  rating: ratingSchema,
  comment: z.string(),
  createdAt: z.string(),
  transactionType: z.enum(REVIEW_TRANSACTION_TYPES),
  reply: z.nullable(reviewReplySchema),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * An order's reviews as one of its parties reads them (the purchase page): whether they may leave theirs now, theirs
 * once left, and the other party's of them.
 */
export const orderReviewsSchema = z.object({
  canReview: z.boolean(),
  mine: z.nullable(reviewSchema),
  theirs: z.nullable(reviewSchema),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;
