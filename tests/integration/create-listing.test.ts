import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingFacets, type FacetSource } from '../../functions/core/listings/browse-facets';
import type { ListingPage } from '../../shared/api/listings';
import { call, signUpNewUser } from './auth-support';
import { facetsHolding } from './table-support';

const FROM = '127.0.10.1';
let seller: string;
let buyer: string;

const location = { zipCode: '78701', city: 'Austin', state: 'tx' };
const fixed = {
  title: 'Walnut Writing Desk Zephyrine',
  description: 'Solid walnut, two drawers, light wear.',
  category: 'Home & Garden',
  subcategory: 'Furniture',
  condition: 'excellent',
  listingType: 'fixed',
  priceCents: 24_900,
  shippingType: 'local',
  location,
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const auction = {
  title: 'Vintage Film Camera Quillfeather',
  description: 'Works, tested with a roll of film.',
  category: 'Photography',
  condition: 'good',
  listingType: 'auction',
  startingBidCents: 5_000,
  buyItNowPriceCents: 20_000,
  endsAt: inDays(3),
  shippingType: 'flat',
  shippingCostCents: 899,
  location,
};

type Errors = { error: { message: string; fields?: Record<string, string> } };
const create = (token: string, body: unknown) =>
  call<{ id: string } & Errors>('POST', '/api/listings', { token, body });

beforeAll(async () => {
  [{ token: seller }, { token: buyer }] = [await signUpNewUser(FROM, 'sel'), await signUpNewUser(FROM, 'buy')];
  const profile = {
    fullName: 'Sam Seller',
    email: 'sam@example.com',
    phone: '+1 512 555 0101',
    address: null,
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller: true,
  };
  expect((await call('PUT', '/api/me/profile', { token: seller, body: profile })).status).toBe(200);
}, 90_000);

describe('POST /api/listings', () => {
  it('needs a session, and a seller', async () => {
    expect((await call('POST', '/api/listings', { body: fixed })).status).toBe(401);
    expect((await create(buyer, fixed)).status).toBe(403);
  });

  it('creates a fixed-price listing for the session seller, findable by search at once', async () => {
    const res = await create(seller, { ...fixed, sellerId: 'someone-else' });
    expect(res.status).toBe(400); // unknown fields (a seller id from the browser) are refused outright
    const ok = await create(seller, fixed);
    expect(ok.status).toBe(201);
    const found = await call<ListingPage>('GET', '/api/listings?search=zephyrine');
    expect(found.body.items.map((l) => l.id)).toEqual([ok.body.id]);
    expect(found.body.items[0]).toMatchObject({ priceCents: 24_900, category: 'Home & Garden', listingType: 'fixed' });
  });

  it('creates listings sharing words at the same moment (one search posting), all of them findable', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(seller, { ...fixed, title: `Concurrent Zanzibar Lamp ${i}` })),
    );
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(201));
    const found = await call<ListingPage>('GET', '/api/listings?search=zanzibar%20lamp&limit=50');
    expect(found.body.items.map((l) => l.id).sort()).toEqual(made.map((r) => r.body.id).sort());
  });

  it('creates an auction, listed under its category', async () => {
    const ok = await create(seller, auction);
    expect(ok.status).toBe(201);
    const found = await call<ListingPage>('GET', '/api/listings?search=quillfeather&category=Photography');
    expect(found.body.items[0]).toMatchObject({ id: ok.body.id, startingBidCents: 5_000, listingType: 'auction' });
  });

  it('refuses missing fields, zero or negative prices, a past end date and a bad ZIP, naming each field', async () => {
    const missing = await create(seller, { listingType: 'fixed', location });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields ?? {})).toEqual(
      expect.arrayContaining(['title', 'description', 'category', 'condition']),
    );
    const noPrice = await create(seller, { ...fixed, priceCents: undefined });
    expect(noPrice.body.error.fields?.priceCents).toBe('Price is required');
    for (const priceCents of [0, -100]) {
      expect((await create(seller, { ...fixed, priceCents })).body.error.fields?.priceCents).toBe(
        'Must be at least $0.01',
      );
    }
    const past = await create(seller, { ...auction, endsAt: inDays(-1) });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('The auction end date cannot be in the past');
    const zip = await create(seller, { ...fixed, location: { ...location, zipCode: '7870' } });
    expect(zip.body.error.fields?.['location.zipCode']).toBe('ZIP code must be exactly 5 digits');
    const quantity = await create(seller, { ...fixed, quantity: 0 });
    expect(quantity.body.error.fields?.quantity).toBe('Quantity must be at least 1');
  });
});

describe('POST /api/listings with an Idempotency-Key', () => {
  const withKey = (key: string | null, body: unknown) =>
    call<{ id: string; title: string } & Errors & { error: { code: string } }>('POST', '/api/listings', {
      token: seller,
      body,
      idempotencyKey: key,
      from: FROM,
    });
  const mine = async (word: string) =>
    (await call<ListingPage>('GET', `/api/listings?search=${word}`)).body.items.map((l) => l.id);

  it('creates one listing for two posts with one key, and answers both with the same body', async () => {
    const key = randomUUID();
    const body = { ...fixed, title: 'Teak Bookshelf Xylocarp' };
    const first = await withKey(key, body);
    const retry = await withKey(key, body);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body).toEqual(first.body);
    expect(await mine('xylocarp')).toEqual([first.body.id]);
  });

  it('refuses the same key with a different body (422), and creates nothing more', async () => {
    const key = randomUUID();
    const first = await withKey(key, { ...fixed, title: 'Oak Stool Quenelda' });
    const other = await withKey(key, { ...fixed, title: 'Oak Stool Quenelda, two of them' });
    expect(first.status).toBe(201);
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: 'idempotency_key_reused' });
    expect(other.body.error.message).toMatch(/different request/);
    expect(await mine('quenelda')).toEqual([first.body.id]);
  });

  it('refuses a post without a key or with a malformed one (400), creating nothing', async () => {
    const body = { ...fixed, title: 'Pine Crate Vellichor' };
    const missing = await withKey(null, body);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'idempotency_key_required' });
    expect(missing.body.error.message).toMatch(/Idempotency-Key/);
    expect((await withKey('short', body)).body.error.code).toBe('idempotency_key_invalid');
    expect(await mine('vellichor')).toEqual([]);
  });

  it("keeps each seller's keys apart: another seller's key never returns this seller's listing", async () => {
    const key = randomUUID();
    const first = await withKey(key, { ...fixed, title: 'Maple Tray Ptarmigan' });
    const buyerTry = await call<Errors>('POST', '/api/listings', {
      token: buyer,
      body: { ...fixed, title: 'Maple Tray Ptarmigan' },
      idempotencyKey: key,
      from: FROM,
    });
    expect(first.status).toBe(201);
    expect(buyerTry.status).toBe(403); // not a seller: the key did not hand them the stored answer
  });
});

describe('My Listings and ending a listing', () => {
  type Mine = { items: { id: string; status: string; title: string }[] };

  it("lists the seller's own listings newest first, and only theirs", async () => {
    const first = await create(seller, { ...fixed, title: 'Brass Lamp Ottoline' });
    const second = await create(seller, { ...auction, title: 'Oak Chair Ottoline', endsAt: inDays(2) });
    const mine = await call<Mine>('GET', '/api/me/listings', { token: seller });
    expect(mine.status).toBe(200);
    const ids = mine.body.items.map((l) => l.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(mine.body.items.every((l) => l.status === 'active')).toBe(true);
    expect((await call<Mine>('GET', '/api/me/listings', { token: buyer })).body.items).toEqual([]);
    expect((await call('GET', '/api/me/listings')).status).toBe(401);
  });

  it('edits a listing of many tiny words into another, with a new category, condition and type, in one write', async () => {
    // The most a single edit can touch: every search word out and in, every browse facet moved.
    const words = (tag: string) =>
      Array.from({ length: 26 }, (_, i) => `${String.fromCharCode(97 + i)}${tag}`).join(' ');
    const made = await create(seller, { ...fixed, title: words('q').slice(0, 80), brand: words('z').slice(0, 60) });
    expect(made.status).toBe(201);
    const edited = await call('PUT', `/api/listings/${made.body.id}`, {
      token: seller,
      body: { ...auction, subcategory: 'Cameras', title: words('v').slice(0, 80), brand: words('y').slice(0, 60) },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const found = await call<ListingPage>(
      'GET',
      '/api/listings?category=Photography&subcategory=Cameras&condition=good&listingType=auction&limit=50',
    );
    expect(found.body.items.map((l) => l.id)).toContain(made.body.id);
    const searched = await call<ListingPage>('GET', '/api/listings?search=av%20bv%20photography');
    expect(searched.body.items.map((l) => l.id)).toEqual([made.body.id]);
  });

  it('ends a fixed-price listing and an auction for their seller only; they leave browse and search at once', async () => {
    const lamp = await create(seller, { ...fixed, title: 'Copper Kettle Marigoldia' });
    const clock = await create(seller, { ...auction, title: 'Mantel Clock Marigoldia', endsAt: inDays(1) });
    const search = async () =>
      (await call<ListingPage>('GET', '/api/listings?search=marigoldia')).body.items.map((l) => l.id).sort();
    expect(await search()).toEqual([lamp.body.id, clock.body.id].sort());
    // Narrowed pages read browse facets, which must drop ended listings too.
    const ids = async (q: string) =>
      (await call<ListingPage>('GET', `/api/listings?${q}&limit=50`)).body.items.map((l) => l.id);
    const lampPage = 'category=Home%20%26%20Garden&condition=excellent&listingType=fixed';
    const clockPage = 'category=Photography&sort=ending-soon&condition=good';
    expect(await ids(lampPage)).toContain(lamp.body.id);
    expect(await ids(clockPage)).toContain(clock.body.id);
    expect(await facetsHolding(lamp.body.id, fixed as FacetSource)).toEqual(listingFacets(fixed as FacetSource));

    expect((await call('POST', `/api/listings/${lamp.body.id}/end`, { token: buyer, body: {} })).status).toBe(403);
    expect((await call('POST', '/api/listings/NOSUCHLISTING/end', { token: seller, body: {} })).status).toBe(404);
    for (const id of [lamp.body.id, clock.body.id]) {
      const ended = await call('POST', `/api/listings/${id}/end`, { token: seller, body: {} });
      expect(ended.status).toBe(200);
      expect(ended.body).toEqual({ id, status: 'ended' });
    }
    expect(await search()).toEqual([]);
    expect(await ids(lampPage)).not.toContain(lamp.body.id);
    expect(await ids(clockPage)).not.toContain(clock.body.id);
    // Not just hidden: the entries are gone, so no narrowed page reads them again.
    expect(await facetsHolding(lamp.body.id, fixed as FacetSource)).toEqual([]);
    expect(await facetsHolding(clock.body.id, auction as FacetSource)).toEqual([]);
    const newest = await call<ListingPage>('GET', '/api/listings?sort=newest&limit=50');
    expect(newest.body.items.map((l) => l.id)).not.toContain(lamp.body.id);
    const ending = await call<ListingPage>('GET', '/api/listings?sort=ending-soon&limit=50');
    expect(ending.body.items.map((l) => l.id)).not.toContain(clock.body.id);
    // Ending twice is refused; My Listings shows it ended.
    expect((await call('POST', `/api/listings/${lamp.body.id}/end`, { token: seller, body: {} })).status).toBe(409);
    const mine = await call<Mine>('GET', '/api/me/listings', { token: seller });
    expect(mine.body.items.find((l) => l.id === lamp.body.id)?.status).toBe('ended');
  });
});

describe('GET /api/listings/{id}', () => {
  it('shows an active listing with everything the seller entered, publicly', async () => {
    const made = await create(seller, {
      ...fixed,
      title: 'Teak Bookshelf Pemberly',
      brand: 'Nordwood',
      specifications: { Color: 'Teak' },
      weightLbs: 40,
      dimensions: { length: 30, width: 12, height: 70 },
      quantity: 3,
      shippingType: 'flat',
      shippingCostCents: 1500,
      localPickup: true,
    });
    const res = await call<Record<string, unknown>>('GET', `/api/listings/${made.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: made.body.id,
      title: 'Teak Bookshelf Pemberly',
      description: fixed.description,
      brand: 'Nordwood',
      specifications: { Color: 'Teak' },
      dimensions: { length: 30, width: 12, height: 70 },
      shippingType: 'flat',
      shippingCostCents: 1500,
      localPickup: true,
      location: { zipCode: '78701', city: 'Austin', state: 'TX' },
      quantityAvailable: 3,
      returnPolicy: '30_days',
      images: [],
      seller: { username: expect.any(String) },
    });
  });

  it("answers 'Listing not found' for an unknown or ended listing", async () => {
    const unknown = await call<Errors>('GET', '/api/listings/NOSUCHLISTING');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Listing not found');
    const made = await create(seller, { ...fixed, title: 'Short Lived Lamp' });
    await call('POST', `/api/listings/${made.body.id}/end`, { token: seller, body: {} });
    expect((await call('GET', `/api/listings/${made.body.id}`)).status).toBe(404);
  });
});

describe('GET /api/stores/{username}', () => {
  it("shows the seller's public store with only active listings, whatever the case of the name", async () => {
    const me = await call<{ username: string; id: string }>('GET', '/api/me', { token: seller });
    const kept = await create(seller, { ...fixed, title: 'Store Shelf Quintessa' });
    const gone = await create(seller, { ...fixed, title: 'Store Vase Quintessa' });
    await call('POST', `/api/listings/${gone.body.id}/end`, { token: seller, body: {} });
    const store = await call<{ userId: string; username: string; isSeller: boolean; listings: { id: string }[] }>(
      'GET',
      `/api/stores/${me.body.username.toUpperCase()}`,
    );
    expect(store.status).toBe(200);
    expect(store.body).toMatchObject({ userId: me.body.id, username: me.body.username, isSeller: true });
    const ids = store.body.listings.map((l) => l.id);
    expect(ids).toContain(kept.body.id);
    expect(ids).not.toContain(gone.body.id);
  });

  it("answers 'User Not Found' for a name nobody has", async () => {
    const res = await call<Errors>('GET', '/api/stores/nobody_has_this_name');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('User Not Found');
  });
});
