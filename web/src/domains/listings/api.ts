import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { listListings, type ListingPage, type ListListingsQuery } from '../../../../shared/api/listings';
import type { MarketplaceCategory } from '../../../../shared/domain/categories';
import {
  MARKETPLACE_PAGE_SIZE,
  type ListingCondition,
  type ListingType,
  type MarketplaceSort,
} from '../../../../shared/domain/listing';
import { apiGet, type ApiError } from '../../lib/api';

export type ListingsQuery = Partial<Omit<ListListingsQuery, 'cursor'>>;

/** SWR key: a tuple with the query object, so equal queries share one request and cache entry. */
type ListingsKey = readonly ['listListings', ListingsQuery & { cursor?: string }];

function fetchListings([, query]: ListingsKey): Promise<ListingPage> {
  return apiGet(listListings, { query });
}

/** One page of listings (home sections). `null` skips the request. */
export function useListingsPage(query: ListingsQuery | null) {
  return useSWR<ListingPage, ApiError, ListingsKey | null>(query ? ['listListings', query] : null, fetchListings);
}

export interface MarketplaceQuery {
  search?: string;
  category?: Exclude<MarketplaceCategory, 'all'>;
  subcategory?: string;
  sort?: MarketplaceSort;
  condition?: ListingCondition;
  listingType?: ListingType;
  minPriceCents?: number;
  maxPriceCents?: number;
}

/** The marketplace's result pages, fetched one cursor at a time. */
export function useMarketplaceListings(filters: MarketplaceQuery) {
  const base: ListingsQuery = {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.category && filters.subcategory ? { subcategory: filters.subcategory } : {}),
    ...(filters.sort ? { sort: filters.sort } : {}),
    ...(filters.condition ? { condition: filters.condition } : {}),
    ...(filters.listingType ? { listingType: filters.listingType } : {}),
    ...(filters.minPriceCents !== undefined ? { minPriceCents: filters.minPriceCents } : {}),
    ...(filters.maxPriceCents !== undefined ? { maxPriceCents: filters.maxPriceCents } : {}),
    limit: MARKETPLACE_PAGE_SIZE,
  };
  const result = useSWRInfinite<ListingPage, ApiError>(
    (index: number, previous: ListingPage | null): ListingsKey | null => {
      if (index === 0) return ['listListings', base];
      if (!previous?.nextCursor) return null;
      return ['listListings', { ...base, cursor: previous.nextCursor }];
    },
    fetchListings,
    { revalidateFirstPage: false },
  );
  const pages = result.data ?? [];
  const last = pages[pages.length - 1];
  return {
    ...result,
    items: pages.flatMap((p) => p.items),
    hasMore: !!last?.nextCursor,
    /** A further page was asked for and has not arrived yet. */
    isLoadingMore: result.size > 0 && pages.length < result.size && !result.error,
  };
}
