import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/core/auth/rate-limit';
import { normalizeWords } from '../../functions/core/listings/search-terms';
import type { ListingPage } from '../../shared/api/listings';
import { call } from './auth-support';

/** Searches count per source address: this file talks from its own loopback addresses. */
const FROM = '127.0.6.1';
type Card = ListingPage['items'][number];
/** A card's words (title and category; the brand is on the listing). */
const wordsOf = (i: Card) => normalizeWords(`${i.title} ${i.category}`);
/** Cards having no search word (title, category, brand) that starts with `prefix`. */
async function lacking(cards: Card[], prefix: string) {
  const out: string[] = [];
  for (const card of cards) {
    if (wordsOf(card).some((w) => w.startsWith(prefix))) continue;
    const { body } = await call<{ brand?: string | null }>('GET', `/api/listings/${card.id}`);
    if (!normalizeWords(body.brand ?? '').some((w) => w.startsWith(prefix))) out.push(card.id);
  }
  return out;
}
const search = (query: string, from = '127.0.6.2') => call<ListingPage>('GET', `/api/listings?${query}`, { from });

describe('search cost ceiling through the gateway', () => {
  it('still requires the words it does not look up, checking them on the listings', async () => {
    const [sample] = (await search('limit=1&sort=newest')).body.items;
    const { body: detail } = await call<{ brand?: string | null }>('GET', `/api/listings/${sample!.id}`);
    const words = normalizeWords(`${sample!.title} ${sample!.category} ${detail.brand ?? ''}`);
    // Five words: three are looked up, the two shortest (prefixes of its own words) checked on the listings.
    const own = [...words.slice(0, 3), ...words.slice(0, 2).map((w) => w.slice(0, 1))].join(' ');
    const found = await search(`search=${encodeURIComponent(own)}&limit=50`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((i) => i.id)).toContain(sample!.id);
    const longest = [...words].sort((a, b) => b.length - a.length).slice(0, 3);
    const stranger = 'abcdefghijklmnopqrstuvwxyz'.split('').find((c) => !words.some((w) => w.startsWith(c)))!;
    const withStranger = await search(`search=${encodeURIComponent(`${longest.join(' ')} ${stranger}`)}&limit=50`);
    expect(withStranger.status).toBe(200);
    expect(withStranger.body.items.map((i) => i.id)).not.toContain(sample!.id);
    expect(await lacking(withStranger.body.items, stranger)).toEqual([]);
  });

  it('answers a one-letter search from the newest listings, and refuses an over-long one with a message', async () => {
    const one = await search('search=a&limit=50');
    expect(one.status).toBe(200);
    expect(one.body.items.length).toBeGreaterThan(0);
    expect(await lacking(one.body.items, 'a')).toEqual([]);
    const long = await search(`search=${'word '.repeat(30)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: { message: expect.stringContaining('at most 100 characters') } });
  });
});

describe('per-IP search limit through the gateway', () => {
  it('answers 429 with retry-after once an address used up its searches; browsing and other addresses go on', async () => {
    const { limit, windowSeconds } = RATE_LIMITS.searchListings;
    const intoWindow = (Date.now() / 1000) % windowSeconds;
    if (windowSeconds - intoWindow < 15)
      await new Promise((r) => setTimeout(r, (windowSeconds - intoWindow + 0.2) * 1000));

    for (let i = 0; i < limit; i++) expect((await search('search=vintage&limit=1', FROM)).status).toBe(200);
    const limited = await search('search=vintage&limit=1', FROM);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'too_many_requests' } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect((await search('category=Fashion&limit=1', FROM)).status).toBe(200);
    expect((await search('search=vintage&limit=1', '127.0.6.3')).status).toBe(200);
  });
});
