import type { ListingPage, ListListingsQuery } from '../../../shared/api/listings';
import { LISTING_CATEGORIES, type ListingCategory } from '../../../shared/domain/categories';
import { BadRequestError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import { decodeCursor, encodeCursor } from './cursor';
import type { ListingSummary } from './listing';
import type { BrowseOrder, ListingBrowsePort } from './ports';
import { lookupWords, queryWords, searchTermsFor } from './search-terms';
import { toListingCard, type MediaUrl } from './to-card';

/**
 * Most matches a filtered or price-ordered search reads to filter and order (the newest ones); a broader query should be
 * narrowed. Newest-first search without filters pages through every match.
 */
export const MAX_SEARCH_MATCHES = 500;

export interface ListListingsDeps {
  store: ListingBrowsePort;
  mediaUrl: MediaUrl;
  clock: Clock;
  /** Counts a search against the caller's limit; throws (429) over it. Browsing without search words is not counted. */
  limitSearch: () => Promise<void>;
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
  const nowIso = deps.clock.now().toISOString();
  const toCards = (items: ListingSummary[]) => items.map((l) => toListingCard(l, deps.mediaUrl));
  const narrowing = {
    category,
    subcategory,
    featuredOnly: query.featured === 'true',
    listingType: query.listingType,
    condition: query.condition,
    minPriceCents: query.minPriceCents,
    maxPriceCents: query.maxPriceCents,
  };

  const words = query.search ? queryWords(query.search) : [];
  if (words.length === 0) {
    if (cursor?.kind === 'offset') throw new BadRequestError('Invalid query: cursor does not belong to this listing');
    const page = await deps.store.page({
      order,
      ...narrowing,
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
  await deps.limitSearch();
  const offset = cursor?.value ?? 0;
  const { ids, unchecked } = await matchingIds(words, deps.store);
  // Listing ids are ULIDs made when the listing was: their order is creation order.
  const newestFirst = ids ? [...ids].sort().reverse() : [];
  const filtered =
    ids === null ||
    unchecked.length > 0 ||
    order !== 'newest' ||
    category !== undefined ||
    subcategory !== undefined ||
    query.listingType !== undefined ||
    query.condition !== undefined ||
    query.minPriceCents !== undefined ||
    query.maxPriceCents !== undefined ||
    query.featured === 'true';

  if (!filtered) {
    // Newest first needs nothing but the ids: read just this page's listings.
    const pageIds = newestFirst.slice(offset, offset + query.limit);
    const byId = new Map((await deps.store.getMany(pageIds)).map((l) => [l.listingId, l]));
    const items = pageIds.flatMap((id) => {
      const l = byId.get(id);
      return l && l.status === 'active' ? [l] : [];
    });
    const next = offset + query.limit;
    return {
      items: toCards(items),
      nextCursor: next < newestFirst.length ? encodeCursor({ kind: 'offset', value: next }) : null,
    };
  }

  // Other orders and filters need the listings themselves: the newest matches, at most MAX_SEARCH_MATCHES; when no word
  // could narrow by postings, the newest listings (of the category) are checked instead.
  const matches = ids
    ? await deps.store.getMany(newestFirst.slice(0, MAX_SEARCH_MATCHES))
    : (await deps.store.page({ order: 'newest', ...narrowing, limit: MAX_SEARCH_MATCHES })).items;
  const kept = matches.filter(
    (l) =>
      l.status === 'active' &&
      (category === undefined || l.category === category) &&
      (subcategory === undefined || l.subcategory === subcategory) &&
      (query.listingType === undefined || l.listingType === query.listingType) &&
      (query.condition === undefined || l.condition === query.condition) &&
      (query.minPriceCents === undefined || l.sortPriceCents >= query.minPriceCents) &&
      (query.maxPriceCents === undefined || l.sortPriceCents <= query.maxPriceCents) &&
      (query.featured !== 'true' || l.featured === true) &&
      (order !== 'ending-soon' || (l.endsAt !== undefined && l.endsAt > nowIso)) &&
      hasWordPrefixes(l, unchecked),
  );
  const sorted = kept.sort(comparatorFor(order));
  const pageItems = sorted.slice(offset, offset + query.limit);
  const next = offset + query.limit;
  return {
    items: toCards(pageItems),
    nextCursor: next < sorted.length ? encodeCursor({ kind: 'offset', value: next }) : null,
  };
}

/**
 * Ids of listings having every query word as a word prefix: the intersection of the looked-up words' postings, read in
 * parallel (at most MAX_LOOKUP_WORDS of them, none shorter than MIN_LOOKUP_LENGTH: the cost ceiling of a search). The
 * other words, and a word whose postings were too many to read whole, are returned as `unchecked`, to be checked on
 * the listings themselves; `ids` is null when no word narrowed anything.
 */
async function matchingIds(words: string[], store: ListingBrowsePort) {
  const lookedUp = lookupWords(words);
  const lookups = await Promise.all(lookedUp.map((w) => store.idsWithWordPrefix(w)));
  const narrowed = lookedUp.filter((_, i) => lookups[i]!.complete);
  const unchecked = words.filter((w) => !narrowed.includes(w));
  if (narrowed.length === 0) return { ids: null, unchecked };
  // Smallest set first, so each step tests as few ids as possible.
  const [first, ...rest] = lookups
    .filter((l) => l.complete)
    .map((l) => l.ids)
    .sort((a, b) => a.length - b.length);
  let ids = new Set(first);
  for (const other of rest) {
    const next = new Set(other);
    ids = new Set([...ids].filter((id) => next.has(id)));
    if (ids.size === 0) break;
  }
  return { ids, unchecked };
}

function hasWordPrefixes(l: ListingSummary, prefixes: readonly string[]): boolean {
  if (prefixes.length === 0) return true;
  const words = searchTermsFor(l);
  return prefixes.every((p) => words.some((w) => w.startsWith(p)));
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
