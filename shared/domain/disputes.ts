/** Report Issue (a dispute) on a purchase whose escrow is still funded (decision 053). */
export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'damaged', 'counterfeit', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_received: 'Not received',
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  counterfeit: 'Counterfeit',
  other: 'Other',
};

export const DISPUTE_DESCRIPTION_MAX = 2_000;
export const DISPUTE_RESOLUTION_NOTE_MAX = 1_000;

/**
 * open: the release is held. Ended by the buyer (withdrawn: the normal schedule releases), by the seller (refunded),
 * by an administrator (released or refunded, with a written reason), or by the release deadline (expired: refunded).
 */
export const DISPUTE_STATUSES = ['open', 'withdrawn', 'refunded', 'released', 'expired'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Photos a buyer may add to a report (the listing photo upload path: presigned, checked, re-encoded, EXIF stripped). */
export const DISPUTE_PHOTOS_MAX = 4;

/** Answers the seller may give an open dispute (each a message and up to 4 photos). */
export const DISPUTE_RESPONSES_MAX = 10;
