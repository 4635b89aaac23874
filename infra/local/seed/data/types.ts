import type { LISTING_CATEGORIES, ListingCategory } from '../../../../shared/domain/categories';
import type { ListingCondition, ReturnPolicy } from '../../../../shared/domain/listing';
import type { StoreThemeId } from '../../../../shared/domain/store-themes';

/** Plain demo data: what a person would type. Ids, times and images are derived from it by the builders. */

export type StoreTheme = StoreThemeId;

export interface Place {
  city: string;
  state: string;
  zipCode: string;
}

export interface SellerSeed {
  /** Lets listings name their seller; also the username (letters, digits, underscore). */
  username: string;
  fullName: string;
  storeName: string;
  storeDescription: string;
  bio: string;
  place: Place;
  isVerified: boolean;
  /** Free text shown on the store page. */
  returnPolicy: string;
  /** About the average its reviews have, times ten (47 = 4.7 stars). */
  ratingTimesTen: number;
  /** How many stored reviews the seed writes for the store. */
  reviewCount: number;
  salesCount: number;
  storeTheme: StoreTheme;
  /** Member since (fixed, so seller ids stay the same whenever the seed runs). */
  joinedAt: string;
  /** Two colours for the avatar and banner art. */
  colors: [string, string];
}

/** When an auction ends, relative to the seed's `now`. */
export interface EndsIn {
  minutes?: number;
  hours?: number;
  days?: number;
}

export type SaleSeed =
  | { type: 'fixed'; priceCents: number; acceptOffers?: boolean; minOfferCents?: number }
  | {
      type: 'auction';
      startingBidCents: number;
      endsIn: EndsIn;
      /** Total auction length in days; the listing was created this long before it ends. */
      durationDays: number;
      buyItNowPriceCents?: number;
      reservePriceCents?: number;
      currentBidCents?: number;
      bidCount?: number;
    };

export type ShippingSeed =
  { type: 'flat'; costCents: number } | { type: 'free' } | { type: 'calculated' } | { type: 'local' };

type SubcategoryOf<C extends ListingCategory> = (typeof LISTING_CATEGORIES)[C][number];

interface ListingSeedOf<C extends ListingCategory> {
  seller: string;
  title: string;
  description: string;
  category: C;
  subcategory: SubcategoryOf<C>;
  condition: ListingCondition;
  brand?: string;
  model?: string;
  upc?: string;
  specifications?: Record<string, string>;
  weightLbs: number;
  /** Inches. */
  dimensions: { length: number; width: number; height: number };
  sale: SaleSeed;
  shipping: ShippingSeed;
  localPickup?: boolean;
  /** Defaults to the seller's place. */
  place?: Place;
  quantity?: number;
  returnPolicy: ReturnPolicy;
  /** How many photos (1 to 4). */
  images: 1 | 2 | 3 | 4;
  featured?: boolean;
  tags?: string[];
}

/** A listing of any category, with its subcategory checked against that category. */
export type ListingSeed = { [C in ListingCategory]: ListingSeedOf<C> }[ListingCategory];
