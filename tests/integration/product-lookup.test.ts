import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductLookupResult } from '../../shared/api/lookup';
import { CATALOG } from '../../infra/local/products/catalog';
import { call, signUpNewUser } from './auth-support';

const FROM = '127.0.9.7';
let token: string;
let seller: string;
type Items = { items: ProductLookupResult[] };
type Errors = { error: { message: string } };

beforeAll(async () => {
  [{ token }, { token: seller }] = [await signUpNewUser(FROM, 'upc'), await signUpNewUser(FROM, 'upcsel')];
  const profile = {
    fullName: 'Lou Lookup',
    email: 'lou@example.com',
    phone: '+1 512 555 0111',
    address: null,
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller: true,
  };
  expect((await call('PUT', '/api/me/profile', { token: seller, body: profile })).status).toBe(200);
}, 60_000);

describe('GET /api/lookup/products', () => {
  const camera = CATALOG.find((p) => p.title.startsWith('Fujifilm X-T5'))!;

  it('finds a product by UPC with what the wizard fills in', async () => {
    const res = await call<Items>('GET', `/api/lookup/products?q=${camera.upc}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      productName: camera.title,
      brand: 'Fujifilm',
      barcodeNumber: camera.upc,
      listingCategory: 'Photography',
      weightLbs: 2,
    });
  });

  it('finds products by words of their name, by prefix, in any case', async () => {
    const res = await call<Items>('GET', '/api/lookup/products?q=FUJI%20mirrorless%20silv', { token });
    expect(res.body.items.map((i) => i.productName)).toEqual([camera.title]);
  });

  it('answers no items for an unknown product, 400 for an empty query, 401 without a session', async () => {
    expect((await call<Items>('GET', '/api/lookup/products?q=qqqq%20zzzz', { token })).body.items).toEqual([]);
    const empty = await call<Errors>('GET', '/api/lookup/products?q=%20', { token });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('Please enter a product name or UPC code');
    expect((await call('GET', '/api/lookup/products?q=camera')).status).toBe(401);
  });

  it("imports a product's photo into the seller's uploads, ready to attach to a listing", async () => {
    const [product] = (await call<Items>('GET', `/api/lookup/products?q=${camera.upc}`, { token: seller })).body.items;
    const imported = await call<{ key: string; url: string }>('POST', '/api/listing-photos/imports', {
      token: seller,
      body: { url: product!.images[0] },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.key).toMatch(/^uploads\/.+\.png$/);
    const photo = await fetch(`${inject('baseUrl')}/media/${imported.body.key}`);
    expect(photo.headers.get('content-type')).toBe('image/png');
    const listing = await call<{ id: string }>('POST', '/api/listings', {
      token: seller,
      body: {
        title: product!.productName,
        description: product!.description,
        category: product!.listingCategory,
        condition: 'like_new',
        listingType: 'fixed',
        priceCents: 99_900,
        location: { zipCode: '78701', city: 'Austin', state: 'TX' },
        photoKeys: [imported.body.key],
      },
    });
    expect(listing.status).toBe(201);
    // Only sellers import.
    expect(
      (await call('POST', '/api/listing-photos/imports', { token, body: { url: product!.images[0] } })).status,
    ).toBe(403);
  });
});
