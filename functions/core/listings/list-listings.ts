import type { ListingPage, ListListingsQuery } from '../../../shared/api/listings';
import { LISTING_CATEGORIES, type ListingCategory } from '../../../shared/domain/categories';
import { BadRequestError } from '../../lib/errors';
import { decodeCursor, encodeCursor } from './cursor';
import type { ListingSummary } from './listing';
import type { BrowseOrder, ListingBrowsePort } from './ports';
import { queryWords } from './search-terms';
import { toListingCard, type MediaUrl } from './to-card';

/** Most listings one search considers; a broader query should be narrowed rather than paged through forever. */
export const MAX_SEARCH_MATCHES = 500;

export interface ListListingsDeps {
  store: ListingBrowsePort;
  mediaUrl: MediaUrl;
  now: () => Date;
}

const ORDER_OF_SORT: Record<NonNullable<ListListingsQuery['sort']>, BrowseOrder> = {
  newest: 'newest',
  'price-low': 'price-asc',
  'price-high': 'price-desc',
  'ending-soon': 'ending-soon',
};

function isListingCategory(name: string): name is ListingCategory {
  return Object.hasOwn(LISTING_CATEGORIES, name);
}

function hasSubcategory(category: ListingCategory, subcategory: string): boolean {
  return (LISTING_CATEGORIES[category] as readonly string[]).includes(subcategory);
}

/**
 * Browse and search active listings. Browsing reads one ordered index page; search intersects the listings that carry
 * every query word (as a word prefix), then orders and pages that set.
 */
export async function listListings(query: ListListingsQuery, deps: ListListingsDeps): Promise<ListingPage> {
  const category = query.category === 'all' ? undefined : query.category;
  // A dropdown name that no listing can carry (e.g. 'Antiques') matches nothing.
  if (category !== undefined && !isListingCategory(category)) return { items: [], nextCursor: null };
  const { subcategory } = query;
  if (subcategory !== undefined && category !== undefined && !hasSubcategory(category, subcategory)) {
    return { items: [], nextCursor: null };
  }
  const order = ORDER_OF_SORT[query.sort ?? 'newest'];
  const cursor = decodeCursor(query.cursor);
  const nowIso = deps.now().toISOString();
  const toCards = (items: ListingSummary[]) => items.map((l) => toListingCard(l, deps.mediaUrl));

  const words = query.search ? queryWords(query.search) : [];
  if (words.length === 0) {
    if (cursor?.kind === 'offset') throw new BadRequestError('Invalid query: cursor does not belong to this listing');
    const page = await deps.store.page({
      order,
      category,
      subcategory,
      featuredOnly: query.featured === 'true',
      listingType: query.listingType,
      condition: query.condition,
      minPriceCents: query.minPriceCents,
      maxPriceCents: query.maxPriceCents,
      endsAfter: order === 'ending-soon' ? nowIso : undefined,
      limit: query.limit,
      cursor: cursor?.value,
    });
    return {
      items: toCards(page.items),
      nextCursor: page.cursor ? encodeCursor({ kind: 'index', value: page.cursor }) : null,
    };
  }

  if (cursor?.kind === 'index') throw new BadRequestError('Invalid query: cursor does not belong to this search');
  const matches = await matchingListings(words, deps.store);
  const filtered = matches.filter(
    (l) =>
      l.status === 'active' &&
      (category === undefined || l.category === category) &&
      (subcategory === undefined || l.subcategory === subcategory) &&
      (query.listingType === undefined || l.listingType === query.listingType) &&
      (query.condition === undefined || l.condition === query.condition) &&
      (query.minPriceCents === undefined || l.sortPriceCents >= query.minPriceCents) &&
      (query.maxPriceCents === undefined || l.sortPriceCents <= query.maxPriceCents) &&
      (query.featured !== 'true' || l.featured === true) &&
      (order !== 'ending-soon' || (l.endsAt !== undefined && l.endsAt > nowIso)),
  );
  const sorted = filtered.sort(comparatorFor(order));
  const offset = cursor?.value ?? 0;
  const pageItems = sorted.slice(offset, offset + query.limit);
  const next = offset + query.limit;
  return {
    items: toCards(pageItems),
    nextCursor: next < sorted.length ? encodeCursor({ kind: 'offset', value: next }) : null,
  };
}

async function matchingListings(words: string[], store: ListingBrowsePort): Promise<ListingSummary[]> {
  let ids: Set<string> | undefined;
  for (const word of words) {
    const found = await store.idsWithWordPrefix(word, MAX_SEARCH_MATCHES);
    ids = ids ? new Set(found.filter((id) => ids!.has(id))) : new Set(found);
    if (ids.size === 0) return [];
  }
  return store.getMany([...(ids ?? [])]);
}

function comparatorFor(order: BrowseOrder): (a: ListingSummary, b: ListingSummary) => number {
  const byNewest = (a: ListingSummary, b: ListingSummary) =>
    b.createdAt.localeCompare(a.createdAt) || b.listingId.localeCompare(a.listingId);
  switch (order) {
    case 'newest':
      return byNewest;
    case 'price-asc':
      return (a, b) => a.sortPriceCents - b.sortPriceCents || byNewest(a, b);
    case 'price-desc':
      return (a, b) => b.sortPriceCents - a.sortPriceCents || byNewest(a, b);
    case 'ending-soon':
      return (a, b) => (a.endsAt ?? '').localeCompare(b.endsAt ?? '') || byNewest(a, b);
  }
}
