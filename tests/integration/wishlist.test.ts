import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingPage } from '../../shared/api/listings';
import type { WishlistEntry } from '../../shared/api/wishlist';
import { after, bidsOn, closeAuctions, oneAtATime, shortAuction } from './auction-support';
import { call, signUpNewUser } from './auth-support';
import { buyerAndSeller, listItem } from './checkout-support';
import { endListingsOf } from './route-support';

const FROM = '127.0.8.1';
let alice: string;
let bob: string;
let listings: string[];

type Wishlist = { items: WishlistEntry[]; count: number };

beforeAll(async () => {
  [{ token: alice }, { token: bob }] = [await signUpNewUser(FROM, 'wa'), await signUpNewUser(FROM, 'wb')];
  const page = await call<ListingPage>('GET', '/api/listings?limit=3');
  listings = page.body.items.map((l) => l.id);
  expect(listings).toHaveLength(3);
}, 90_000);

const add = (token: string, id: string) =>
  call<{ added: boolean; count: number }>('PUT', `/api/me/wishlist/${id}`, { token, body: {} });
const remove = (token: string, id: string) =>
  call<{ removed: boolean; count: number }>('DELETE', `/api/me/wishlist/${id}`, { token });
const list = (token: string) => call<Wishlist>('GET', '/api/me/wishlist', { token });

describe('wishlist', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/me/wishlist')).status).toBe(401);
    expect((await call('PUT', `/api/me/wishlist/${listings[0]}`, { body: {} })).status).toBe(401);
  });

  it('adds listings once each, counts them and lists them newest first with their cards', async () => {
    expect((await add(alice, listings[0]!)).body).toMatchObject({ added: true, count: 1 });
    expect((await add(alice, listings[0]!)).body).toMatchObject({ added: false, count: 1 });
    await new Promise((r) => setTimeout(r, 5));
    expect((await add(alice, listings[1]!)).body).toMatchObject({ added: true, count: 2 });
    const mine = await list(alice);
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBe(2);
    expect(mine.body.items.map((i) => i.listingId)).toEqual([listings[1], listings[0]]);
    expect(mine.body.items[0]!.listing).toMatchObject({ id: listings[1] });
  });

  it('refuses an unknown listing (404) and keeps another user separate', async () => {
    expect((await add(alice, 'NOSUCHLISTING')).status).toBe(404);
    expect((await list(bob)).body).toEqual({ items: [], count: 0 });
    expect((await add(bob, listings[2]!)).body).toMatchObject({ added: true, count: 1 });
    expect((await list(alice)).body.count).toBe(2);
  });

  it('removes once, and the count follows', async () => {
    expect((await remove(alice, listings[0]!)).body).toMatchObject({ removed: true, count: 1 });
    expect((await remove(alice, listings[0]!)).body).toMatchObject({ removed: false, count: 1 });
    expect((await list(alice)).body.items.map((i) => i.listingId)).toEqual([listings[1]]);
  });

  it('keeps how a saved listing went while its page opens (sold, ended unsold), and drops the card once gone', async () => {
    const { buyer, seller } = await buyerAndSeller('127.0.8.2', 'wl');
    try {
      const [unsold, won] = [await shortAuction(seller), await shortAuction(seller)];
      const withdrawn = await listItem(seller);
      for (const id of [unsold.listingId, won.listingId, withdrawn]) {
        expect((await add(buyer.token, id)).status).toBe(200);
        await new Promise((r) => setTimeout(r, 5));
      }
      const saved = (await list(buyer.token)).body.items;
      expect(saved.map((i) => [i.listingId, i.listing?.status, i.listing?.listingType])).toEqual([
        [withdrawn, 'active', 'fixed'],
        [won.listingId, 'active', 'auction'],
        [unsold.listingId, 'active', 'auction'],
      ]);
      expect(saved[1]!.listing).toMatchObject({ endsAt: won.endsAt.toISOString(), condition: 'good' });

      await oneAtATime(async () => {
        await bidsOn(won.listingId, [[buyer, 2_000]]);
        await closeAuctions(after(won.endsAt));
      });
      expect(
        (await call('POST', `/api/listings/${withdrawn}/end`, { token: seller.token, from: seller.from, body: {} }))
          .status,
      ).toBe(200);

      const later = (await list(buyer.token)).body;
      expect(later.count).toBe(3);
      expect(later.items.map((i) => [i.listingId, i.listing?.status ?? null])).toEqual([
        [withdrawn, null],
        [won.listingId, 'sold'],
        [unsold.listingId, 'ended'],
      ]);
    } finally {
      await endListingsOf(seller);
    }
  }, 60_000);
});
