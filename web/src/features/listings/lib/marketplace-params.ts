import {
  LISTING_CATEGORIES,
  parseMarketplaceCategory,
  type MarketplaceCategory,
} from '../../../../../shared/domain/categories';
import {
  CONDITION_LABELS,
  LISTING_CONDITIONS,
  LISTING_TYPES,
  MARKETPLACE_SORTS,
  type ListingCondition,
  type ListingType,
  type MarketplaceSort,
} from '../../../../../shared/domain/listing';
import { centsToDecimalString, formatUsd, parseDollarsToCents, type Cents } from '../../../../../shared/domain/money';
import type { MarketplaceView } from '../../../domains/listings/view-toggle';

export type { MarketplaceView };

/** Everything the marketplace keeps in its URL: the filters, the sort and the view. */
export interface MarketplaceFilters {
  search: string;
  category: Exclude<MarketplaceCategory, 'all'> | undefined;
  /** Kept only when it belongs to the chosen category. */
  subcategory: string | undefined;
  sort: MarketplaceSort | undefined;
  condition: ListingCondition | undefined;
  listingType: ListingType | undefined;
  minPriceCents: Cents | undefined;
  maxPriceCents: Cents | undefined;
  view: MarketplaceView;
}

export const SORT_LABELS: Record<MarketplaceSort, string> = {
  newest: 'Newest first',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  'ending-soon': 'Ending soon',
};

export const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  auction: 'Auction',
  fixed: 'Fixed Price',
};

/** The API's upper bound for a price filter (listListingsQuerySchema). */
export const MAX_PRICE_FILTER_CENTS = 1e12;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** A URL price in dollars ("10", "10.5", "10.50") -> cents; anything else, or beyond the API's bound, is ignored. */
function readPrice(value: string | null): Cents | undefined {
  if (value === null) return undefined;
  const cents = parseDollarsToCents(value);
  return cents !== undefined && cents <= MAX_PRICE_FILTER_CENTS ? cents : undefined;
}

/** Cents -> the dollars written to the URL and shown in the price inputs: "10" for whole dollars, else "10.50". */
export function dollarsText(cents: Cents): string {
  const text = centsToDecimalString(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/**
 * The marketplace's filters from its URL; unknown values are ignored (spec part 1 "Marketplace page"), and so is an
 * inverted price range.
 */
export function readMarketplaceParams(params: URLSearchParams): MarketplaceFilters {
  const category = parseMarketplaceCategory(params.get('category'));
  const rawSub = params.get('subcategory')?.trim();
  const subs: readonly string[] | undefined =
    category && Object.hasOwn(LISTING_CATEGORIES, category)
      ? LISTING_CATEGORIES[category as keyof typeof LISTING_CATEGORIES]
      : undefined;
  const subcategory = rawSub && subs?.includes(rawSub) ? rawSub : undefined;
  let minPriceCents = readPrice(params.get('minPrice'));
  let maxPriceCents = readPrice(params.get('maxPrice'));
  // The API refuses min > max; a hand-edited link like that shows everything rather than an error.
  if (minPriceCents !== undefined && maxPriceCents !== undefined && minPriceCents > maxPriceCents) {
    minPriceCents = undefined;
    maxPriceCents = undefined;
  }
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    category,
    subcategory,
    sort: oneOf(MARKETPLACE_SORTS, params.get('sort')),
    condition: oneOf(LISTING_CONDITIONS, params.get('condition')),
    listingType: oneOf(LISTING_TYPES, params.get('listingType')),
    minPriceCents,
    maxPriceCents,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** Filters -> URL parameters (only what is set; the grid is the default view). */
export function writeMarketplaceParams(f: MarketplaceFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.search) q.set('search', f.search);
  if (f.category) q.set('category', f.category);
  if (f.category && f.subcategory) q.set('subcategory', f.subcategory);
  if (f.sort) q.set('sort', f.sort);
  if (f.condition) q.set('condition', f.condition);
  if (f.listingType) q.set('listingType', f.listingType);
  if (f.minPriceCents !== undefined) q.set('minPrice', dollarsText(f.minPriceCents));
  if (f.maxPriceCents !== undefined) q.set('maxPrice', dollarsText(f.maxPriceCents));
  if (f.view === 'list') q.set('view', 'list');
  return q;
}

/** Whether the visitor narrowed the results (decides the empty-state hint). Sort and view are not filters. */
export function hasFilters(f: MarketplaceFilters): boolean {
  return activeFilters(f).length > 0;
}

/** The filters with nothing set, keeping the sort and the view ('Clear all'). */
export function clearedFilters(f: MarketplaceFilters): MarketplaceFilters {
  return {
    ...f,
    search: '',
    category: undefined,
    subcategory: undefined,
    condition: undefined,
    listingType: undefined,
    minPriceCents: undefined,
    maxPriceCents: undefined,
  };
}

export interface ActiveFilter {
  /** Stable id for React keys and tests. */
  id: 'search' | 'category' | 'subcategory' | 'condition' | 'listingType' | 'price';
  /** What the chip says, e.g. "Category: Electronics". */
  label: string;
  /** The filters without this one. */
  without: Partial<MarketplaceFilters>;
}

function priceLabel(min: Cents | undefined, max: Cents | undefined): string {
  if (min !== undefined && max !== undefined) return `${formatUsd(min)} – ${formatUsd(max)}`;
  if (min !== undefined) return `From ${formatUsd(min)}`;
  return `Up to ${formatUsd(max ?? 0)}`;
}

/** One removable chip per filter that is set, in the order the controls appear. */
export function activeFilters(f: MarketplaceFilters): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (f.search) chips.push({ id: 'search', label: `Search: ${f.search}`, without: { search: '' } });
  if (f.category) {
    // The subcategory belongs to the category: removing the category removes both.
    chips.push({
      id: 'category',
      label: `Category: ${f.category}`,
      without: { category: undefined, subcategory: undefined },
    });
    if (f.subcategory) {
      chips.push({ id: 'subcategory', label: `Subcategory: ${f.subcategory}`, without: { subcategory: undefined } });
    }
  }
  if (f.condition) {
    chips.push({
      id: 'condition',
      label: `Condition: ${CONDITION_LABELS[f.condition]}`,
      without: { condition: undefined },
    });
  }
  if (f.listingType) {
    chips.push({
      id: 'listingType',
      label: `Type: ${LISTING_TYPE_LABELS[f.listingType]}`,
      without: { listingType: undefined },
    });
  }
  if (f.minPriceCents !== undefined || f.maxPriceCents !== undefined) {
    chips.push({
      id: 'price',
      label: `Price: ${priceLabel(f.minPriceCents, f.maxPriceCents)}`,
      without: { minPriceCents: undefined, maxPriceCents: undefined },
    });
  }
  return chips;
}

/** '24+ results' while more pages can be loaded (the API pages with a cursor and has no total), else the exact count. */
export function resultCountText(count: number, hasMore: boolean): string {
  if (hasMore) return `${count}+ results`;
  return count === 1 ? '1 result' : `${count} results`;
}

export type PriceRangeCheck =
  | { ok: true; minPriceCents: Cents | undefined; maxPriceCents: Cents | undefined }
  | { ok: false; errors: { min?: string; max?: string } };

const PRICE_FORMAT = 'Enter an amount in dollars, e.g. 10 or 10.50';

/** The price inputs (dollars, step 0.01) -> cents; an empty input is no bound. min > max is refused like the API does. */
export function checkPriceRange(minText: string, maxText: string): PriceRangeCheck {
  const parse = (text: string): Cents | undefined | null => {
    if (text.trim() === '') return undefined;
    const cents = parseDollarsToCents(text);
    return cents === undefined || cents > MAX_PRICE_FILTER_CENTS ? null : cents;
  };
  const min = parse(minText);
  const max = parse(maxText);
  if (min === null || max === null) {
    return {
      ok: false,
      errors: { ...(min === null ? { min: PRICE_FORMAT } : {}), ...(max === null ? { max: PRICE_FORMAT } : {}) },
    };
  }
  if (min !== undefined && max !== undefined && min > max) {
    return { ok: false, errors: { min: 'The minimum price cannot be above the maximum' } };
  }
  return { ok: true, minPriceCents: min, maxPriceCents: max };
}
