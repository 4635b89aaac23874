import { describe, expect, it } from 'vitest';
import type { Store, StoreReview } from '../../shared/api/stores';
import { STORE_REVIEWS_PAGE_SIZE } from '../../shared/api/stores';
import { call, signUpNewUser } from './auth-support';

type Page = { items: StoreReview[]; cursor: string | null };
type Errors = { error: { message: string; fields?: Record<string, string> } };

describe('GET /api/stores/{username}/reviews against the seeded stores', () => {
  it("pages through every stored review newest first, matching the store header's count and average", async () => {
    const store = await call<Store>('GET', '/api/stores/techhavenatx');
    expect(store.status).toBe(200);
    expect(store.body.reviewCount).toBeGreaterThan(STORE_REVIEWS_PAGE_SIZE);

    const all: StoreReview[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/stores/TechHavenATX/reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await call<Page>('GET', path);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(STORE_REVIEWS_PAGE_SIZE);
      all.push(...page.body.items);
      cursor = page.body.cursor;
    } while (cursor);

    expect(all).toHaveLength(store.body.reviewCount);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const dates = all.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const average = Math.round((all.reduce((s, r) => s + r.rating, 0) / all.length) * 10) / 10;
    expect(store.body.rating).toBe(average);
    for (const r of all) {
      expect(r.reviewer.username).toMatch(/^[a-z_]+$/);
      expect(['buy', 'other']).toContain(r.transactionType);
      expect(r.comment.length).toBeGreaterThan(0);
    }
  });

  it('gives an empty list for a store nobody has reviewed', async () => {
    const { token } = await signUpNewUser('127.0.11.1', 'rev');
    const me = await call<{ username: string }>('GET', '/api/me', { token });
    const page = await call<Page>('GET', `/api/stores/${me.body.username}/reviews`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ items: [], cursor: null });
  });

  it("answers 'User Not Found' for an unknown name and 400 for a cursor it did not give out", async () => {
    const missing = await call<Errors>('GET', '/api/stores/nobody_has_this_name/reviews');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('User Not Found');
    const bad = await call<Errors>('GET', '/api/stores/TechHavenATX/reviews?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.cursor).toBe('Invalid cursor');
  });
});
