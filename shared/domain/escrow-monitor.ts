/**
 * The escrow monitor's buckets (decision 065): an escrow is pending while open on the ledger (held while a dispute or
 * a return pauses its release), completed once released to the seller, cancelled once returned to the buyer.
 */
export const ESCROW_BUCKETS = ['pending', 'held', 'completed', 'cancelled'] as const;
export type EscrowBucket = (typeof ESCROW_BUCKETS)[number];

/** The monitor's filters: a bucket, or `stuck` (past its deadline, or found drifting by the reconcile job). */
export const ESCROW_FILTERS = [...ESCROW_BUCKETS, 'stuck'] as const;
export type EscrowFilter = (typeof ESCROW_FILTERS)[number];

/** The spec's monitor shows the latest 50. */
export const ESCROW_MONITOR_LIMIT = 50;
