/** An auction must run at least this long (a date "not in the past" that ends before anyone can bid is no auction). */
export const MIN_AUCTION_MINUTES = 5;

const MIN_AUCTION_MS = MIN_AUCTION_MINUTES * 60_000;

/** The server's texts for an auction end it refuses: the request's message, and the one at the end-date field. */
export const AUCTION_END_MESSAGES = {
  past: 'The auction end date cannot be in the past',
  tooSoon: `Choose a time at least ${MIN_AUCTION_MINUTES} minutes from now`,
} as const;

/** The earliest end an auction started at `at` may have. */
export function earliestAuctionEnd(at: Date): Date {
  return new Date(at.getTime() + MIN_AUCTION_MS);
}

/** Whether an auction ending at `endsAt` would be too short when started at `at` (the check both sides make). */
export function auctionEndTooSoon(endsAt: Date, at: Date): boolean {
  return endsAt.getTime() < at.getTime() + MIN_AUCTION_MS;
}

/** What the end-date field says about `endsAt` judged at `at`: past, too soon, or nothing. */
export function auctionEndProblem(endsAt: Date, at: Date): string | undefined {
  if (!(endsAt.getTime() > at.getTime())) return AUCTION_END_MESSAGES.past;
  if (auctionEndTooSoon(endsAt, at)) return AUCTION_END_MESSAGES.tooSoon;
  return undefined;
}
