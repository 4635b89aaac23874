import { describe, expect, it } from 'vitest';
import { testClock } from '../../../fixtures/test-clock';
import { listListingsQuerySchema } from '../../../../shared/api/listings';
import { listListings } from '../../../../functions/core/listings/list-listings';
import type { ListingRecord } from '../../../../functions/core/listings/listing';
import { sortPriceOf } from '../../../../functions/core/listings/listing';
import type { BrowsePageQuery, ListingBrowsePort } from '../../../../functions/core/listings/ports';
import { searchTermsFor } from '../../../../functions/core/listings/search-terms';
import { AppError, TooManyRequestsError } from '../../../../functions/lib/errors';

function listing(id: string, over: Partial<ListingRecord>): ListingRecord {
  const base: ListingRecord = {
    listingId: id,
    sellerId: 'seller1',
    sellerUsername: 'alice',
    title: `Item ${id}`,
    description: 'd',
    category: 'Electronics',
    condition: 'good',
    listingType: 'fixed',
    priceCents: 1000,
    shippingType: 'free',
    status: 'active',
    sortPriceCents: 0,
    createdAt: `2026-01-01T00:00:0${id.slice(-1)}Z`,
  };
  const l = { ...base, ...over };
  return { ...l, sortPriceCents: sortPriceOf(l) };
}

const listings = [
  listing('L1', { title: 'Apple iPhone 15 Pro', priceCents: 99900, subcategory: 'Smartphones' }),
  listing('L2', { title: 'Samsung Galaxy Phone', priceCents: 49900, featured: true }),
  listing('L3', {
    title: 'Vintage Leather Jacket',
    category: 'Fashion',
    listingType: 'auction',
    priceCents: undefined,
    startingBidCents: 2000,
    currentBidCents: 3500,
    endsAt: '2026-01-05T00:00:00Z',
  }),
  listing('L4', { title: 'iPad Air', priceCents: 59900, status: 'ended' }),
  listing('L5', {
    title: 'Apple Watch',
    category: 'Fashion',
    listingType: 'auction',
    priceCents: undefined,
    startingBidCents: 10000,
    buyItNowPriceCents: 25000,
    reservePriceCents: 15000,
    endsAt: '2026-01-02T00:00:00Z',
  }),
];

/** An in-memory port that behaves like the indexes: active only, ordered, paged by an offset cursor. */
function memoryStore(
  items: ListingRecord[],
): ListingBrowsePort & { pages: BrowsePageQuery[]; reads: string[][]; lookups: string[] } {
  const pages: BrowsePageQuery[] = [];
  const reads: string[][] = [];
  const lookups: string[] = [];
  return {
    pages,
    lookups,
    async page(q) {
      pages.push(q);
      let rows = items.filter((l) => l.status === 'active');
      if (q.category) rows = rows.filter((l) => l.category === q.category);
      if (q.subcategory) rows = rows.filter((l) => l.subcategory === q.subcategory);
      if (q.featuredOnly) rows = rows.filter((l) => l.featured);
      if (q.listingType) rows = rows.filter((l) => l.listingType === q.listingType);
      if (q.order === 'ending-soon') rows = rows.filter((l) => l.endsAt && l.endsAt > (q.endsAfter ?? ''));
      const sorted = [...rows].sort((a, b) => {
        if (q.order === 'price-asc') return a.sortPriceCents - b.sortPriceCents;
        if (q.order === 'price-desc') return b.sortPriceCents - a.sortPriceCents;
        if (q.order === 'ending-soon') return (a.endsAt ?? '').localeCompare(b.endsAt ?? '');
        return b.createdAt.localeCompare(a.createdAt);
      });
      const start = q.cursor ? Number(q.cursor) : 0;
      const end = start + q.limit;
      return { items: sorted.slice(start, end), cursor: end < sorted.length ? String(end) : null };
    },
    // Like the postings: active listings only; a two-letter prefix is "too broad" here and gives only its first match.
    async idsWithWordPrefix(prefix) {
      lookups.push(prefix);
      const ids = items
        .filter((l) => l.status === 'active' && searchTermsFor(l).some((w) => w.startsWith(prefix)))
        .map((l) => l.listingId);
      return prefix.length > 2 ? { ids, complete: true } : { ids: ids.slice(0, 1), complete: false };
    },
    async getMany(ids) {
      reads.push([...ids]);
      return items.filter((l) => ids.includes(l.listingId));
    },
    reads,
  };
}

const deps = (store = memoryStore(listings), limitSearch = async () => {}) => ({
  store,
  mediaUrl: (k: string) => `https://media.test/${k}`,
  clock: testClock('2026-01-01T12:00:00Z'),
  limitSearch,
});
const q = (input: Record<string, string>) => listListingsQuerySchema.parse(input);
const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

describe('listListings', () => {
  it('browses active listings newest first and pages with a cursor', async () => {
    const d = deps();
    const first = await listListings(q({ limit: '2' }), d);
    expect(ids(first)).toEqual(['L5', 'L3']);
    expect(first.nextCursor).not.toBeNull();
    const second = await listListings(q({ limit: '2', cursor: first.nextCursor! }), d);
    expect(ids(second)).toEqual(['L2', 'L1']);
    expect(second.nextCursor).toBeNull();
  });

  it('applies category, sort and featured on the server', async () => {
    expect(ids(await listListings(q({ category: 'Fashion' }), deps()))).toEqual(['L5', 'L3']);
    expect(ids(await listListings(q({ category: 'electronics'.replace('e', 'E') }), deps()))).toEqual(['L2', 'L1']);
    expect(ids(await listListings(q({ sort: 'price-low' }), deps()))).toEqual(['L3', 'L5', 'L2', 'L1']);
    expect(ids(await listListings(q({ sort: 'ending-soon' }), deps()))).toEqual(['L5', 'L3']);
    expect(ids(await listListings(q({ featured: 'true' }), deps()))).toEqual(['L2']);
  });

  it('filters by subcategory, and a subcategory of another category matches nothing', async () => {
    expect(ids(await listListings(q({ category: 'Electronics', subcategory: 'Smartphones' }), deps()))).toEqual(['L1']);
    expect(ids(await listListings(q({ search: 'apple', subcategory: 'Smartphones' }), deps()))).toEqual(['L1']);
    const store = memoryStore(listings);
    expect(ids(await listListings(q({ category: 'Fashion', subcategory: 'Smartphones' }), deps(store)))).toEqual([]);
    expect(store.pages).toHaveLength(0);
  });

  it('matches nothing for a dropdown category no listing can carry', async () => {
    const store = memoryStore(listings);
    expect(ids(await listListings(q({ category: 'Antiques' }), deps(store)))).toEqual([]);
    expect(store.pages).toHaveLength(0);
  });

  it('searches word prefixes of title, category and brand, every word required, case-insensitive', async () => {
    expect(ids(await listListings(q({ search: 'APPLE' }), deps()))).toEqual(['L5', 'L1']);
    expect(ids(await listListings(q({ search: 'app wat' }), deps()))).toEqual(['L5']);
    expect(ids(await listListings(q({ search: 'fash' }), deps()))).toEqual(['L5', 'L3']);
    expect(ids(await listListings(q({ search: 'ipad' }), deps()))).toEqual([]);
    expect(ids(await listListings(q({ search: 'phone', sort: 'price-high' }), deps()))).toEqual(['L2']);
    expect(ids(await listListings(q({ search: 'apple', category: 'Electronics' }), deps()))).toEqual(['L1']);
  });

  it('reads only the page of listings for a newest-first search without filters, and every match otherwise', async () => {
    const store = memoryStore(listings);
    const page = await listListings(q({ search: 'apple', limit: '1' }), deps(store));
    expect(ids(page)).toEqual(['L5']);
    expect(store.reads).toEqual([['L5']]);
    await listListings(q({ search: 'apple', sort: 'price-low' }), deps(store));
    expect(store.reads[1]).toEqual(['L5', 'L1']);
  });

  it('checks a word too broad to read whole on the listings, and the newest listings when every word is so', async () => {
    expect(ids(await listListings(q({ search: 'apple wa' }), deps()))).toEqual(['L5']);
    expect(ids(await listListings(q({ search: 'apple ip' }), deps()))).toEqual(['L1']);
    const store = memoryStore(listings);
    expect(ids(await listListings(q({ search: 'ph', category: 'Electronics' }), deps(store)))).toEqual(['L2']);
    expect(store.pages).toEqual([expect.objectContaining({ order: 'newest', category: 'Electronics', limit: 500 })]);
  });

  it('looks up at most the three longest words of two letters or more; the others are still required', async () => {
    const store = memoryStore(listings);
    expect(ids(await listListings(q({ search: 'watch fashion app apple' }), deps(store)))).toEqual(['L5']);
    expect(store.lookups).toEqual(['fashion', 'watch', 'apple']);
    expect(ids(await listListings(q({ search: 'watch fashion pro apple' }), deps()))).toEqual([]);
    const oneLetter = memoryStore(listings);
    expect(ids(await listListings(q({ search: 'a W' }), deps(oneLetter)))).toEqual(['L5']);
    expect(oneLetter.lookups).toEqual([]);
    expect(oneLetter.pages).toEqual([expect.objectContaining({ order: 'newest', limit: 500 })]);
  });

  it('counts searches against the limit before reading, and browsing not at all', async () => {
    let counted = 0;
    const count = async () => void counted++;
    await listListings(q({ search: 'apple' }), deps(memoryStore(listings), count));
    await listListings(q({ category: 'Fashion' }), deps(memoryStore(listings), count));
    await listListings(q({ search: '!!!' }), deps(memoryStore(listings), count));
    expect(counted).toBe(1);
    const store = memoryStore(listings);
    const refuse = async () => {
      throw new TooManyRequestsError();
    };
    await expect(listListings(q({ search: 'apple' }), deps(store, refuse))).rejects.toMatchObject({ status: 429 });
    expect([store.lookups, store.reads, store.pages]).toEqual([[], [], []]);
  });

  it('pages search results with its own cursor and refuses a mixed-up cursor', async () => {
    const first = await listListings(q({ search: 'fashion', limit: '1' }), deps());
    expect(first.items).toHaveLength(1);
    const second = await listListings(q({ search: 'fashion', limit: '1', cursor: first.nextCursor! }), deps());
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    await expect(listListings(q({ cursor: first.nextCursor! }), deps())).rejects.toBeInstanceOf(AppError);
    await expect(listListings(q({ cursor: 'not-a-cursor' }), deps())).rejects.toMatchObject({ status: 400 });
  });

  it('maps cards with money in cents, reserve flag and image URLs', async () => {
    const page = await listListings(q({ search: 'watch' }), deps());
    expect(page.items[0]).toMatchObject({
      id: 'L5',
      listingType: 'auction',
      priceCents: null,
      startingBidCents: 10000,
      buyItNowPriceCents: 25000,
      hasReserve: true,
      image: null,
      seller: { id: 'seller1', username: 'alice' },
    });
  });
});
