import type { ListingCategory } from '../../../shared/domain/categories';
import type {
  ListingCondition,
  ListingStatus,
  ListingType,
  ReturnPolicy,
  ShippingType,
} from '../../../shared/domain/listing';

/** A stored listing as the business rules see it (plain data; adapters map storage to this). */
export interface ListingRecord {
  listingId: string;
  sellerId: string;
  sellerUsername: string;
  title: string;
  description: string;
  category: ListingCategory;
  subcategory?: string;
  condition: ListingCondition;
  brand?: string;
  listingType: ListingType;
  priceCents?: number;
  startingBidCents?: number;
  buyItNowPriceCents?: number;
  reservePriceCents?: number;
  currentBidCents?: number;
  bidCount?: number;
  shippingType: ShippingType;
  returnPolicy?: ReturnPolicy;
  images?: { key: string; thumbKey?: string }[];
  status: ListingStatus;
  featured?: boolean;
  endsAt?: string;
  sortPriceCents: number;
  createdAt: string;
}

/** What browse pages and search results read of a listing: the card's fields and what they sort and filter by. */
export type ListingSummary = Omit<ListingRecord, 'description' | 'shippingType' | 'returnPolicy'>;

/** The price a listing sorts and filters by: fixed price, else current bid, else starting bid. */
export function sortPriceOf(
  l: Pick<ListingRecord, 'listingType' | 'priceCents' | 'currentBidCents' | 'startingBidCents'>,
) {
  if (l.listingType === 'fixed') return l.priceCents ?? 0;
  return l.currentBidCents ?? l.startingBidCents ?? 0;
}
