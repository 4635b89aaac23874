import * as z from 'zod/mini';
import { DISPUTE_REASONS, DISPUTE_STATUSES } from '../domain/disputes';

/** A purchase's dispute as both parties see it (decision 053). */
export const disputeSchema = z.object({
  reason: z.enum(DISPUTE_REASONS),
  description: z.string(),
  /** The buyer's photos (re-encoded, no metadata). */
  photoUrls: z.array(z.string()),
  status: z.enum(DISPUTE_STATUSES),
  openedAt: z.string(),
  /** Still open then, it ends as a refund (the release deadline: CancelAfter minus the margin). */
  endsAt: z.string(),
  /** The seller's answers, oldest first. */
  responses: z.array(z.object({ message: z.string(), photoUrls: z.array(z.string()), at: z.string() })),
  /** Who ended it, when, and the administrator's written reason. */
  resolution: z.nullable(
    z.object({ by: z.enum(['buyer', 'seller', 'admin', 'deadline']), note: z.nullable(z.string()), at: z.string() }),
  ),
});
export type Dispute = z.infer<typeof disputeSchema>;
