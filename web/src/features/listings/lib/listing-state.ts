import type { ListingDetail } from '../../../../../shared/api/listings';
import { auctionBadgeLabel } from '../../../domains/listings/card-display';

/** Where a listing stands at `atMs`: sold, ended, its auction badge while it runs, and whether bids are taken. */
export function listingState(l: ListingDetail, atMs: number) {
  const sold = l.status === 'sold';
  const ended = l.status === 'ended';
  return {
    sold,
    ended,
    auctionLabel: sold || ended ? null : (auctionBadgeLabel(l) ?? null),
    biddable: !sold && !ended && l.listingType === 'auction' && l.endsAt !== null && Date.parse(l.endsAt) > atMs,
  };
}
