import type { Cents } from '../../../shared/domain/money';

/**
 * How long a bidder's RLUSD balance read from the ledger may stand in for a new read (decision 031). The balance is a
 * guard against bids the bidder can't pay, checked and not held (decision 027): it may change the moment after any
 * read, and the escrow checkout is where the money is really checked. A bidder bidding again within this long is
 * not sent to the ledger again, when the earlier read covers the new maximum.
 */
export const BALANCE_REUSE_MS = 30_000;

export interface BalanceRead {
  cents: Cents;
  /** Epoch milliseconds of the read. */
  at: number;
}

/**
 * The balance an earlier read gives for a bid of `needCents`, or null when the ledger must be read: the read is older
 * than BALANCE_REUSE_MS, or doesn't cover the bid. So a bid is only ever refused on a fresh read (a bidder who just
 * topped up is never told their balance is too low).
 */
export function reusableBalance(seen: BalanceRead | undefined, needCents: Cents, atMs: number): Cents | null {
  if (!seen || atMs - seen.at >= BALANCE_REUSE_MS || atMs < seen.at) return null;
  return seen.cents >= needCents ? seen.cents : null;
}
