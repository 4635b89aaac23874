import { sniffImageType } from '../../functions/core/listings/photos';
import { describe, expect, inject, it } from 'vitest';
import { queues } from '../../functions/routes';
import { listingPageSchema, type ListingCard } from '../../shared/api/listings';
import { healthSchema } from '../../shared/api/health';
import { LISTING_CATEGORY_NAMES } from '../../shared/domain/categories';
import { SELLERS } from '../../infra/local/seed/data/sellers';
import { buyerAndSeller, listItem } from './checkout-support';

const baseUrl = () => inject('baseUrl');

async function page(query: string) {
  const res = await fetch(`${baseUrl()}/api/listings${query ? `?${query}` : ''}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return listingPageSchema.parse(await res.json());
}

/** Follows the cursors page after page (of `pageSize`), until the last page or at least `atMost` items. */
async function all(query: string, pageSize = 50, atMost = Infinity): Promise<ListingCard[]> {
  const items: ListingCard[] = [];
  let cursor: string | null = null;
  do {
    const p = await page(`${query}&limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...p.items);
    cursor = p.nextCursor;
  } while (cursor && items.length < atMost);
  return items;
}

describe('GET /api/listings against the seeded local stack', () => {
  it('pages through every active listing newest first without repeats', async () => {
    const items = await all('sort=newest');
    expect(items.length).toBeGreaterThanOrEqual(60);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    const created = items.map((i) => i.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(LISTING_CATEGORY_NAMES));
  });

  it('filters by category on the server', async () => {
    const items = await all('category=Fashion');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.category === 'Fashion')).toBe(true);
    expect((await page('category=Antiques')).items).toEqual([]);
  });

  it('sorts by price both ways and by ending time', async () => {
    const price = (i: ListingCard) => i.priceCents ?? i.currentBidCents ?? i.startingBidCents ?? 0;
    const low = (await all('sort=price-low')).map(price);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = (await all('sort=price-high')).map(price);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    const ending = await all('sort=ending-soon');
    expect(ending.length).toBeGreaterThan(0);
    expect(ending.every((i) => i.listingType === 'auction' && Date.parse(i.endsAt!) > Date.now())).toBe(true);
    const ends = ending.map((i) => i.endsAt!);
    expect(ends).toEqual([...ends].sort());
  });

  it('searches word prefixes of titles, case-insensitively', async () => {
    const [sample] = (await page('limit=1')).items;
    const word = sample!.title.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w))!;
    const prefix = word.slice(0, 4).toUpperCase();
    const found = await all(`search=${encodeURIComponent(prefix)}`);
    expect(found.map((i) => i.id)).toContain(sample!.id);
    expect((await page('search=zzzzqqqq')).items).toEqual([]);
  });

  it('returns featured listings only when asked', async () => {
    const featured = await all('featured=true');
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((i) => i.featured)).toBe(true);
  });

  it('serves every card image from the media origin', async () => {
    // Other test files list items without photos into the same stack; the seeded ones all have images.
    const items = (await all('sort=newest')).filter((i) => i.image !== null).slice(0, 5);
    expect(items).toHaveLength(5);
    for (const item of items) {
      const res = await fetch(item.image!.thumbUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      // Real image bytes, whatever their size (uploaded solid-colour photos make tiny thumbnails).
      expect(sniffImageType(new Uint8Array(await res.arrayBuffer()))).not.toBeNull();
    }
  });

  it('refuses bad input with a 400 JSON error', async () => {
    for (const q of ['limit=0', 'limit=51', 'sort=random', 'category=Spaceships', 'cursor=bogus', 'featured=yes']) {
      const res = await fetch(`${baseUrl()}/api/listings?${q}`);
      expect(res.status, q).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.message.length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/listings subcategory pages', () => {
  it('serves a subcategory in every order with exactly its listings, page after page', async () => {
    const seeded = await all('sort=newest');
    const counts = new Map<string, number>();
    for (const l of seeded)
      if (l.subcategory)
        counts.set(`${l.category}|${l.subcategory}`, (counts.get(`${l.category}|${l.subcategory}`) ?? 0) + 1);
    const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const [category, subcategory] = key.split('|') as [string, string];
    const expected = seeded.filter((l) => l.category === category && l.subcategory === subcategory);
    const q = `category=${encodeURIComponent(category)}&subcategory=${encodeURIComponent(subcategory)}`;
    const price = (l: ListingCard) => l.priceCents ?? l.currentBidCents ?? l.startingBidCents ?? 0;
    for (const sort of ['newest', 'price-low', 'price-high']) {
      const items = await all(`${q}&sort=${sort}`, 2);
      expect(items.map((l) => l.id).sort(), sort).toEqual(expected.map((l) => l.id).sort());
      if (sort === 'newest') expect(items.map((l) => l.id)).toEqual(expected.map((l) => l.id));
      if (sort === 'price-low') expect(items.map(price)).toEqual([...items.map(price)].sort((a, b) => a - b));
      if (sort === 'price-high') expect(items.map(price)).toEqual([...items.map(price)].sort((a, b) => b - a));
    }
    const ranged = await page(
      `${q}&sort=price-low&minPriceCents=${price(expected[0]!)}&maxPriceCents=${price(expected[0]!)}`,
    );
    expect(ranged.items.map((l) => l.id)).toContain(expected[0]!.id);
    expect(ranged.items.every((l) => l.subcategory === subcategory && price(l) === price(expected[0]!))).toBe(true);
  });
});

describe('GET /api/listings pages of every order', () => {
  it('gives the same listings in small pages as in one, for every sort and with a filter', async () => {
    for (const q of [
      'sort=ending-soon',
      'sort=price-high',
      'sort=newest&condition=good',
      'sort=ending-soon&condition=new',
    ]) {
      // Other files' short auctions end and are closed by the stack's timer meanwhile: compared without them.
      const soon = new Date(Date.now() + 15 * 60_000).toISOString();
      const lasting = (ls: ListingCard[]) => ls.filter((l) => !l.endsAt || l.endsAt > soon).map((l) => l.id);
      const whole = await page(`${q}&limit=50`);
      const items = await all(q, 3, 50);
      const [a, b] = [lasting(items), lasting(whole.items)];
      const n = Math.min(a.length, b.length);
      expect(a.slice(0, n), q).toEqual(b.slice(0, n));
      if (whole.nextCursor === null) expect(a.length, q).toBe(b.length);
    }
  });
});

describe('GET /api/listings condition, type and ending-soon category pages', () => {
  // Other test files list into the same stack meanwhile: compare the demo sellers' listings, which only the seed writes.
  const demoSellers = new Set(SELLERS.map((s) => s.username));
  const seededOnly = (items: ListingCard[]) => items.filter((l) => demoSellers.has(l.seller.username));
  const price = (l: ListingCard) => l.priceCents ?? l.currentBidCents ?? l.startingBidCents ?? 0;

  const pagesOf = (query: string) => all(query, 4);

  it('answers each narrowing with exactly its seeded listings, in order, page after page', async () => {
    const everything = seededOnly(await all('sort=newest'));
    const now = new Date().toISOString();
    const [l0, l1] = [everything[0]!, everything.find((l) => l.listingType === 'auction')!];
    const cases: { q: string; keep: (l: ListingCard) => boolean }[] = [
      { q: `condition=${l0.condition}`, keep: (l) => l.condition === l0.condition },
      { q: 'listingType=fixed', keep: (l) => l.listingType === 'fixed' },
      {
        q: `category=${encodeURIComponent(l1.category)}&listingType=auction&condition=${l1.condition}`,
        keep: (l) => l.category === l1.category && l.listingType === 'auction' && l.condition === l1.condition,
      },
      {
        q: `category=${encodeURIComponent(l0.category)}&subcategory=${encodeURIComponent(l0.subcategory ?? '')}&condition=${l0.condition}`,
        keep: (l) => l.category === l0.category && l.subcategory === l0.subcategory && l.condition === l0.condition,
      },
    ];
    for (const { q, keep } of cases) {
      const expected = everything.filter(keep);
      expect(expected.length, q).toBeGreaterThan(0);
      for (const sort of ['newest', 'price-low', 'price-high']) {
        const got = seededOnly(await pagesOf(`${q}&sort=${sort}`));
        expect(got.map((l) => l.id).sort(), `${q} ${sort}`).toEqual(expected.map((l) => l.id).sort());
        if (sort === 'newest') expect(got.map((l) => l.id)).toEqual(expected.map((l) => l.id));
        if (sort === 'price-low') expect(got.map(price)).toEqual([...got.map(price)].sort((a, b) => a - b));
        if (sort === 'price-high') expect(got.map(price)).toEqual([...got.map(price)].sort((a, b) => b - a));
      }
      const ending = seededOnly(await pagesOf(`${q}&sort=ending-soon`));
      const live = expected.filter((l) => l.listingType === 'auction' && l.endsAt! > now);
      expect(ending.map((l) => l.id).sort(), `${q} ending-soon`).toEqual(live.map((l) => l.id).sort());
      expect(ending.map((l) => l.endsAt)).toEqual(ending.map((l) => l.endsAt).sort());
    }
    const inCategory = seededOnly(await pagesOf(`category=${encodeURIComponent(l1.category)}&sort=ending-soon`));
    const liveInCategory = everything.filter(
      (l) => l.category === l1.category && l.listingType === 'auction' && l.endsAt! > now,
    );
    expect(inCategory.map((l) => l.id).sort()).toEqual(liveInCategory.map((l) => l.id).sort());
    const ranged = seededOnly(
      await pagesOf(`listingType=auction&minPriceCents=${price(l1)}&maxPriceCents=${price(l1)}`),
    );
    expect(ranged.map((l) => l.id)).toContain(l1.id);
    expect(ranged.every((l) => l.listingType === 'auction' && price(l) === price(l1))).toBe(true);
  });
});

describe('GET /api/health', () => {
  it('reports every dependency ok, the local XRPL node, Xaman service and carrier included', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    const body = (await res.json()) as { status: string; dependencies: { name: string; status: string }[] };
    expect(res.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.dependencies.map((d) => d.name)).toEqual([
      'table',
      'media-bucket',
      ...queues.map((q) => `queue:${q.name}`),
      'ledger',
      'signer',
      'carrier',
      'platform-account',
    ]);
    expect(body.dependencies.every((d) => d.status === 'ok')).toBe(true);
    // Ok or failing per dependency and nothing else (no latency, error text, account, region or resource names).
    expect(healthSchema.safeParse(body).success).toBe(true);
    expect(body.dependencies.every((d) => Object.keys(d).join() === 'name,status')).toBe(true);
    expect(Object.keys(body).sort()).toEqual(['dependencies', 'status']);
  });
});

describe('GET /api/listings condition and price filters', () => {
  const cardPrice = (l: ListingCard) => l.priceCents ?? l.currentBidCents ?? l.startingBidCents ?? 0;

  it('keeps only listings in the condition, on every sort and in search', async () => {
    // Its own auction in that condition: other files move the stack's clock, and its schedules may end the seeded ones.
    const { seller } = await buyerAndSeller('127.0.21.1', 'lcf');
    await listItem(seller, {
      condition: 'excellent',
      priceCents: undefined,
      listingType: 'auction',
      startingBidCents: 1_000,
      endsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    });
    for (const q of ['condition=new', 'condition=good&sort=price-low', 'condition=excellent&sort=ending-soon']) {
      const { items } = await page(`${q}&limit=50`);
      expect(items.length, q).toBeGreaterThan(0);
      expect(
        items.every((l) => l.condition === q.split('&')[0]!.split('=')[1]),
        q,
      ).toBe(true);
    }
    const all = await page('limit=50');
    const word = all.items[0]!.title.split(' ')[0]!;
    const searched = await page(`search=${encodeURIComponent(word)}&condition=${all.items[0]!.condition}&limit=50`);
    expect(searched.items.map((l) => l.id)).toContain(all.items[0]!.id);
    expect(searched.items.every((l) => l.condition === all.items[0]!.condition)).toBe(true);
  });

  it('keeps only listings priced within the range, bounds included', async () => {
    // Whole result sets, not first pages: other test files list many same-priced listings into this stack.
    const items = await all('sort=price-low');
    const [low, high] = [cardPrice(items[2]!), cardPrice(items[10]!)];
    const inRange = items.filter((l) => cardPrice(l) >= low && cardPrice(l) <= high).map((l) => l.id);
    // Price sorts read the range from the price index's keys; the newest sort filters it.
    for (const sort of ['price-low', 'price-high', 'newest']) {
      const ranged = await all(`minPriceCents=${low}&maxPriceCents=${high}&sort=${sort}`);
      expect(
        ranged.every((l) => cardPrice(l) >= low && cardPrice(l) <= high),
        sort,
      ).toBe(true);
      expect([...ranged.map((l) => l.id)].sort(), sort).toEqual([...inRange].sort());
    }
    const onlyMin = await page(`minPriceCents=${high}&sort=price-low&limit=5`);
    expect(cardPrice(onlyMin.items[0]!)).toBe(high);
  });

  it('refuses an unknown condition and a range upside down', async () => {
    for (const q of ['condition=mint', 'minPriceCents=500&maxPriceCents=100', 'minPriceCents=-1']) {
      const res = await fetch(`${baseUrl()}/api/listings?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});
