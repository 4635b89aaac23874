import type { MyListing } from '../../../../../shared/api/listings';
import type { Store } from '../../../../../shared/api/stores';
import type { ListingStatus } from '../../../../../shared/domain/listing';
import { formatUsd } from '../../../../../shared/domain/money';

export const STATUS_LABELS: Record<ListingStatus, string> = {
  active: 'Active',
  sold: 'Sold',
  expired: 'Expired',
  ended: 'Ended',
  deleted: 'Deleted',
  paused: 'Paused',
};

export const STATUS_BADGE: Record<ListingStatus, string> = {
  active: 'badge badge-accent',
  sold: 'badge badge-primary',
  expired: 'badge',
  ended: 'badge',
  deleted: 'badge',
  paused: 'badge badge-warning',
};

/** The row's price: the fixed price, or for auctions the current bid, else the starting bid. */
export function rowPrice(l: MyListing): { caption?: string; text: string } {
  if (l.listingType === 'fixed') return { text: l.priceCents === null ? 'No price' : formatUsd(l.priceCents) };
  if (l.currentBidCents !== null && l.currentBidCents > 0) {
    return { caption: 'Current bid', text: formatUsd(l.currentBidCents) };
  }
  return { caption: 'Starting bid', text: formatUsd(l.startingBidCents ?? 0) };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function listedText(iso: string): string {
  return `Listed ${dateFormat.format(new Date(iso))}`;
}

/** The portal's rule (spec part 3 "Seller portal"): a store profile is complete with its name, description and bio. */
export const storeProfileComplete = (s: Pick<Store, 'storeName' | 'storeDescription' | 'bio'>) =>
  [s.storeName, s.storeDescription, s.bio].every((v) => (v ?? '').trim() !== '');
