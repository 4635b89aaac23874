import type { Cache, ScopedMutator } from 'swr';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import * as contracts from '../../../../shared/api/listings';
import { endListing, listMyListings, type CreateListingBody } from '../../../../shared/api/listings';
import {
  getListing,
  getListingShippingEstimate,
  listListings,
  type ListingPage,
  type ListingShippingEstimate,
  type ListListingsQuery,
} from '../../../../shared/api/listings';
import type { MarketplaceCategory } from '../../../../shared/domain/categories';
import {
  MARKETPLACE_PAGE_SIZE,
  type ListingCondition,
  type ListingType,
  type MarketplaceSort,
} from '../../../../shared/domain/listing';
import { apiGet, apiSend, type ApiError } from '../../lib/api';
import { useOptionalSession } from '../../lib/session/session-context';
import { isKeyOf, keys } from '../keys';

/** Listings: browse pages, one listing, the seller's own, and dropping their copies after a write (decision 047). */

export type ListingsQuery = Partial<Omit<ListListingsQuery, 'cursor'>>;

type ListingsKey = ReturnType<typeof keys.listListings>;

function fetchListings([, query]: ListingsKey): Promise<ListingPage> {
  return apiGet(listListings, { query });
}

/** One page of listings (home sections). `null` skips the request. */
export function useListingsPage(query: ListingsQuery | null) {
  return useSWR<ListingPage, ApiError, ListingsKey | null>(query ? keys.listListings(query) : null, fetchListings);
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
      if (index === 0) return keys.listListings(base);
      if (!previous?.nextCursor) return null;
      return keys.listListings({ ...base, cursor: previous.nextCursor });
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

/**
 * The listing page's data as this viewer may see it. Signed in, the request carries the session token, so the
 * listing's seller also gets its reserve and minimum offer (their edit form loads them). The key names the viewer, so
 * a visitor's copy never stands in for the seller's (refreshListingCaches still drops every copy by the id). While a
 * saved session is being restored nothing is fetched, so the seller is not first shown the visitor's copy.
 */
export function useListingDetail(listingId: string | null) {
  const session = useOptionalSession();
  const restoring = session?.status === 'loading';
  const token = session?.token ?? null;
  const viewer = session?.user?.id ?? null;
  return useSWR(listingId && !restoring ? keys.listing(listingId, viewer) : null, () =>
    apiGet(getListing, { params: { listingId: listingId! }, token }),
  );
}

/**
 * A calculated-shipping listing's shipping estimate for the signed-in viewer (decision 051). `address` fingerprints the
 * viewer's saved address, so a new address asks again; null skips the request.
 */
export function useListingShippingEstimate(
  ask: { listingId: string; userId: string; token: string; address: string } | null,
) {
  return useSWR<ListingShippingEstimate, ApiError, ReturnType<typeof keys.listingShippingEstimate> | null>(
    ask ? keys.listingShippingEstimate(ask.listingId, ask.userId, ask.address) : null,
    () => apiGet(getListingShippingEstimate, { params: { listingId: ask!.listingId }, token: ask!.token }),
  );
}

/**
 * The signed-in seller's listings, every status, newest first. Keyed by the user, not the token, so a renewed token
 * keeps the cache (SWR calls the latest fetcher). 'myListings' is the key the shared cache refresh looks for.
 */
export function useMyListings(userId: string, token: string) {
  return useSWR(keys.myListings(userId), () => apiGet(listMyListings, { token }));
}

export function endMyListing(token: string, listingId: string) {
  return apiSend(endListing, { params: { listingId }, body: {}, token });
}

/**
 * Creates a listing. The seller's one listing keeps its Idempotency-Key (`idempotencyKey`) while they press again after
 * a failure, so the server answers a repeat with the listing the first try made.
 */
export function createListing(token: string, body: CreateListingBody, idempotencyKey: string) {
  return apiSend(contracts.createListing, { body, token, idempotencyKey });
}

/** Saves the seller's edit of a listing. */
export function updateListing(token: string, listingId: string, body: CreateListingBody) {
  return apiSend(contracts.updateListing, { params: { listingId }, body, token });
}

/**
 * After a listing is created, edited or ended, no screen may still show its old state. Browse reads (home sections,
 * marketplace pages, the listing page) are dropped and refetched, so they show nothing stale even for a moment; the
 * seller's own reads (My Listings, store pages) are refetched behind what is on screen.
 *
 * SWR's key-filter mutate skips useSWRInfinite's own entries ("$inf$..."), which hold the marketplace's pages: without
 * clearing them the marketplace would show its old pages again when opened within the dedupe window.
 */
export async function refreshListingCaches(mutate: ScopedMutator, cache: Cache, listingId?: string): Promise<void> {
  const infinite = [...cache.keys()].filter((k) => k.startsWith('$inf$') && k.includes('listListings'));
  await Promise.all([
    mutate((key) => isKeyOf(key, 'listListings') || (isKeyOf(key, 'listing') && key[1] === listingId), undefined, {
      revalidate: true,
    }),
    ...infinite.map((key) => mutate(key, undefined, { revalidate: true })),
    mutate((key) => isKeyOf(key, 'myListings', 'store')),
  ]);
}
