/**
 * The spec's texts for a wallet request that ended without a signature (spec part 2 "Escrow creation" outcomes), shared
 * by escrow signing and the seller's RLUSD trust line.
 */
export const SIGNING_TEXTS = {
  cancelled: 'Transaction Cancelled',
  expired: 'Transaction Expired',
  timeout: ['Transaction Timeout', 'Transaction signing timed out. Please try again.'],
} as const;
