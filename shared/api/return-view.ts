import * as z from 'zod/mini';
import { RETURN_POLICIES } from '../domain/listing';
import { RETURN_CASES, RETURN_REASONS, RETURN_STAGES, RETURN_STATUSES } from '../domain/returns';

/** A purchase's return request as both parties see it (decision 054). */
export const returnSchema = z.object({
  /** before_release: the request holds the escrow; after_release: the seller refunds from their wallet. */
  case: z.enum(RETURN_CASES),
  status: z.enum(RETURN_STATUSES),
  stage: z.enum(RETURN_STAGES),
  reason: z.enum(RETURN_REASONS),
  description: z.string(),
  requestedAt: z.string(),
  /** While pending: the seller's answer is due then, or the return is approved for them. */
  answerBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** The seller's words with their answer. */
  sellerNote: z.nullable(z.string()),
  /** Where the buyer sends it (one line), to the buyer once approved. */
  returnAddress: z.nullable(z.string()),
  /** While approved: the tracking number must be given by then, or the return lapses. */
  shipBackBy: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  deliveredBackAt: z.nullable(z.string()),
  /** After release: what the seller pays back (the item price), and by when before it goes to an administrator. */
  refundCents: z.number(),
  refundDueBy: z.nullable(z.string()),
  refundTxHash: z.nullable(z.string()),
  /** An administrator's decision and written reason. */
  resolution: z.nullable(z.object({ outcome: z.enum(['refund', 'close']), note: z.string(), at: z.string() })),
  /** The buyer may take a rejected return after release to an administrator. */
  canEscalate: z.boolean(),
});
export type ReturnView = z.infer<typeof returnSchema>;

/** To the buyer of a delivered or collected order with no return yet: what a return would be, and until when. */
export const returnWindowSchema = z.object({
  policy: z.enum(RETURN_POLICIES),
  endsAt: z.string(),
  case: z.enum(RETURN_CASES),
});
export type ReturnWindow = z.infer<typeof returnWindowSchema>;
