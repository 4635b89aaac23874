/** Bids are taken strictly before the end: a bid at the end's very millisecond, or after, is refused. */
export function takesBidsAt(endsAt: string, at: Date): boolean {
  return at.getTime() < Date.parse(endsAt);
}

/**
 * Soft close: a bid less than `softCloseMs` before the end moves the end to `softCloseMs` after the bid; earlier bids
 * leave it (exactly `softCloseMs` before gives the same end). Never moves the end earlier.
 */
export function softCloseEnd(endsAt: string, at: Date, softCloseMs: number): string {
  const moved = at.getTime() + softCloseMs;
  return moved > Date.parse(endsAt) ? new Date(moved).toISOString() : endsAt;
}
