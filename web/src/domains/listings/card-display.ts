import type { ListingCard } from '../../../../shared/api/listings';
import { CONDITION_LABELS, AUCTION_BADGE_LABELS, type AuctionBadge } from '../../../../shared/domain/listing';
import { formatUsd } from '../../../../shared/domain/money';
import { isEnded } from '../../../../shared/domain/time-left';

export interface CardPrice {
  /** '$12.34' or 'Contact for price'. */
  text: string;
  /** What the amount is, for auctions and buy-it-now prices; undefined for a plain fixed price. */
  caption?: 'Buy It Now' | 'Current bid' | 'Starting bid';
}

/**
 * Buy-it-now price if above 0, else the fixed price, else (auctions) the current or starting bid (spec part 1,
 * "Marketplace page").
 */
export function cardPrice(l: ListingCard): CardPrice {
  if (l.buyItNowPriceCents !== null && l.buyItNowPriceCents > 0) {
    return { text: formatUsd(l.buyItNowPriceCents), caption: 'Buy It Now' };
  }
  if (l.priceCents !== null) return { text: formatUsd(l.priceCents) };
  if (l.listingType === 'auction') {
    if (l.currentBidCents !== null && l.currentBidCents > 0) {
      return { text: formatUsd(l.currentBidCents), caption: 'Current bid' };
    }
    if (l.startingBidCents !== null) return { text: formatUsd(l.startingBidCents), caption: 'Starting bid' };
  }
  return { text: 'Contact for price' };
}

export function listingTypeLabel(l: ListingCard): 'Auction' | 'Buy Now' {
  return l.listingType === 'auction' ? 'Auction' : 'Buy Now';
}

/** Auction type on cards: buy-now if a buy-it-now price is above 0, else reserve or no-reserve. */
export function auctionBadge(l: ListingCard): AuctionBadge | undefined {
  if (l.listingType !== 'auction') return undefined;
  if (l.buyItNowPriceCents !== null && l.buyItNowPriceCents > 0) return 'buy-now';
  return l.hasReserve ? 'reserve' : 'no-reserve';
}

export function auctionBadgeLabel(l: ListingCard): string | undefined {
  const badge = auctionBadge(l);
  return badge && AUCTION_BADGE_LABELS[badge];
}

export function conditionLabel(l: ListingCard): string {
  return CONDITION_LABELS[l.condition];
}

const endFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatEndDate(iso: string): string {
  return endFormat.format(new Date(iso));
}

/** 'Ends {date}' for a running auction, 'Ended' once its end has passed; nothing for fixed-price listings. */
export function auctionEndText(l: ListingCard, nowMs: number): string | undefined {
  if (l.listingType !== 'auction' || !l.endsAt) return undefined;
  return isEnded(l.endsAt, nowMs) ? 'Ended' : `Ends ${formatEndDate(l.endsAt)}`;
}
