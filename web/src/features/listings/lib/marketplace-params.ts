import {
  LISTING_CATEGORIES,
  parseMarketplaceCategory,
  type MarketplaceCategory,
} from '../../../../../shared/domain/categories';
import { MARKETPLACE_SORTS, type MarketplaceSort } from '../../../../../shared/domain/listing';

export interface MarketplaceFilters {
  search: string;
  category: Exclude<MarketplaceCategory, 'all'> | undefined;
  /** Kept only when it belongs to the chosen category. */
  subcategory: string | undefined;
  sort: MarketplaceSort | undefined;
}

export const SORT_LABELS: Record<MarketplaceSort, string> = {
  newest: 'Newest first',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  'ending-soon': 'Ending soon',
};

function isSort(value: string | null): value is MarketplaceSort {
  return (MARKETPLACE_SORTS as readonly string[]).includes(value ?? '');
}

/** The marketplace's filters from its URL; unknown categories and sorts are ignored (spec 2.7). */
export function readMarketplaceParams(params: URLSearchParams): MarketplaceFilters {
  const category = parseMarketplaceCategory(params.get('category'));
  const rawSub = params.get('subcategory')?.trim();
  const subs: readonly string[] | undefined =
    category && Object.hasOwn(LISTING_CATEGORIES, category)
      ? LISTING_CATEGORIES[category as keyof typeof LISTING_CATEGORIES]
      : undefined;
  const subcategory = rawSub && subs?.includes(rawSub) ? rawSub : undefined;
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    category,
    subcategory,
    sort: isSort(sort) ? sort : undefined,
  };
}

/** Filters -> URL parameters (only what is set). */
export function writeMarketplaceParams(f: MarketplaceFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.search) q.set('search', f.search);
  if (f.category) q.set('category', f.category);
  if (f.category && f.subcategory) q.set('subcategory', f.subcategory);
  if (f.sort) q.set('sort', f.sort);
  return q;
}

/** Whether the visitor narrowed the results (decides the empty-state hint). Sorting is not a filter. */
export function hasFilters(f: MarketplaceFilters): boolean {
  return !!f.search || !!f.category || !!f.subcategory;
}
