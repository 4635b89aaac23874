import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upcItemDbLookup } from '../../../../functions/adapters/lookup/upcitemdb-product-lookup';
import { barcodeLookupLookup, dimensionOf } from '../../../../functions/adapters/lookup/barcode-lookup-product-lookup';
import { lookupProducts } from '../../../../functions/core/lookup/lookup-products';
import {
  listingCategoryOf,
  parseDimensions,
  parseWeightLbs,
  toLookupResult,
} from '../../../../functions/core/lookup/product-lookup';
import { CATALOG, isValidUpcA, upcCheckDigit } from '../../../../infra/local/products/catalog';
import { startProductService, type ProductService } from '../../../../infra/local/products/server';
import { LISTING_CATEGORY_NAMES } from '../../../../shared/domain/categories';
import type { ProductLookup } from '../../../../functions/core/lookup/product-lookup';
import { lookupDeps } from './lookup-deps';

/** A lookup by a user through `port` alone (the settings' own rules: lookup-settings.test.ts). */
const lookupVia = (q: string, port: ProductLookup) => lookupProducts('U1', q, lookupDeps(port));

describe('product lookup rules', () => {
  it.each([
    ['4.2 lbs', 4.2],
    ['1 lb', 1],
    ['12 oz', 0.75],
    ['510 g', 1.12],
    ['2 kg', 4.41],
    ['heavy', null],
    ['0 lbs', null],
    [undefined, null],
  ])('reads the weight %s as %s lbs', (text, lbs) => expect(parseWeightLbs(text)).toBe(lbs));

  it('reads dimensions in inches, centimetres or millimetres', () => {
    expect(parseDimensions('14.1 X 9.7 X 0.6 inches')).toEqual({ length: 14.1, width: 9.7, height: 0.6 });
    expect(parseDimensions('30 x 20 x 5 cm')).toEqual({ length: 11.81, width: 7.87, height: 1.97 });
    expect(parseDimensions('10 x 10')).toBeNull();
  });

  it('maps a service category path to ours: subcategory names first, then category names, then keywords', () => {
    expect(listingCategoryOf('Electronics > Computers > Laptops')).toBe('Electronics');
    expect(listingCategoryOf('Apparel & Accessories > Shoes > Sneakers')).toBe('Fashion');
    expect(listingCategoryOf('Media > Video Games')).toBe('Gaming');
    expect(listingCategoryOf('Mystery > Things')).toBeNull();
  });

  it('keeps at most five http(s) images, without repeats', () => {
    const images = [
      'https://a/1.png',
      'https://a/1.png',
      'data:image/png;base64,xx',
      ...[2, 3, 4, 5, 6].map((n) => `http://a/${n}.png`),
    ];
    expect(toLookupResult({ title: 'X', images }).images).toEqual([
      'https://a/1.png',
      'http://a/2.png',
      'http://a/3.png',
      'http://a/4.png',
      'http://a/5.png',
    ]);
  });

  it('looks a UPC up by code and anything else up by name', async () => {
    const calls: string[] = [];
    const port = {
      byCode: async (c: string) => (calls.push(`code:${c}`), [{ title: 'By code' }]),
      search: async (t: string) => (calls.push(`search:${t}`), [{ title: 'By name' }, { title: ' ' }]),
    };
    expect((await lookupVia(' 012345678905 ', port)).map((r) => r.productName)).toEqual(['By code']);
    expect((await lookupVia('desk lamp', port)).map((r) => r.productName)).toEqual(['By name']);
    expect(calls).toEqual(['code:012345678905', 'search:desk lamp']);
  });
});

describe('the product stand-in catalogue', () => {
  it('computes UPC-A check digits', () => {
    expect(upcCheckDigit('03600029145')).toBe(2);
    expect(isValidUpcA('036000291452')).toBe(true);
    expect(isValidUpcA('036000291453')).toBe(false);
  });

  it('has at least 200 products with unique valid UPCs across every listing category', () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(200);
    expect(new Set(CATALOG.map((p) => p.upc)).size).toBe(CATALOG.length);
    expect(CATALOG.every((p) => isValidUpcA(p.upc) && p.title && p.brand)).toBe(true);
    expect(new Set(CATALOG.map((p) => p.listingCategory))).toEqual(new Set(LISTING_CATEGORY_NAMES));
    // Every product's category path leads back to its own listing category.
    expect(CATALOG.filter((p) => listingCategoryOf(p.category) !== p.listingCategory).map((p) => p.title)).toEqual([]);
  });
});

describe('the UPCitemdb adapter', () => {
  let service: ProductService;
  let fake: http.Server;
  let fakeUrl: string;
  let reply: (res: http.ServerResponse) => void = (res) => res.end();
  beforeAll(async () => {
    service = await startProductService({ port: 0, host: '127.0.0.1' });
    fake = http.createServer((_, res) => reply(res));
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await service.stop();
    await new Promise<void>((r) => fake.close(() => r()));
  });

  it('finds the stand-in products by UPC and by name, with photos that are PNGs', async () => {
    const lookup = upcItemDbLookup(service.url);
    const laptop = CATALOG.find((p) => p.title.startsWith('Apple MacBook Air'))!;
    const [byCode] = await lookupVia(laptop.upc, lookup);
    expect(byCode).toMatchObject({
      productName: laptop.title,
      brand: 'Apple',
      barcodeNumber: laptop.upc,
      listingCategory: 'Electronics',
      weightLbs: 4.2,
      dimensions: { length: 14.1, width: 9.7, height: 0.7 },
    });
    const png = Buffer.from(await (await fetch(byCode!.images[0]!)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const byName = await lookupVia('macbook air', lookup);
    expect(byName.map((r) => r.productName)).toContain(laptop.title);
    expect(await lookupVia('zzzz nothing', lookup)).toEqual([]);
    expect(await lookupVia('123456789012', lookup)).toEqual([]);
  });

  it('turns a rate limit, garbage and a dead service into "could not connect"', async () => {
    const lookup = upcItemDbLookup(fakeUrl);
    reply = (res) =>
      res.writeHead(429, { 'content-type': 'application/json' }).end('{"code":"TOO_FAST","message":"slow down"}');
    await expect(lookup.search('lamp')).rejects.toMatchObject({
      status: 503,
      message: 'Could not connect to product lookup service',
    });
    reply = (res) => res.writeHead(200).end('<html>');
    await expect(lookup.search('lamp')).rejects.toMatchObject({ status: 503 });
    await expect(upcItemDbLookup('http://127.0.0.1:1').search('lamp')).rejects.toMatchObject({ status: 503 });
  });

  it('sends the paid plan key on the v1 paths', async () => {
    let seen: http.IncomingHttpHeaders = {};
    let path = '';
    reply = (res) => res.writeHead(200).end('{"code":"OK","total":0,"items":[]}');
    fake.removeAllListeners('request');
    fake.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      seen = req.headers;
      path = req.url ?? '';
      reply(res);
    });
    await upcItemDbLookup(fakeUrl, async () => 'k-123').byCode('012345678905');
    expect(path).toBe('/prod/v1/lookup?upc=012345678905');
    expect([seen.user_key, seen.key_type]).toEqual(['k-123', '3scale']);
  });
});

describe('the Barcode Lookup adapter (decision 069)', () => {
  let service: ProductService;
  beforeAll(async () => {
    service = await startProductService({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => service.stop());

  it("finds the stand-in products by UPC and by name in Barcode Lookup's shape; none is no product", async () => {
    const lookup = barcodeLookupLookup(service.url, 'local-key');
    const laptop = CATALOG.find((p) => p.title.startsWith('Apple MacBook Air'))!;
    const [byCode] = await lookupVia(laptop.upc, lookup);
    expect(byCode).toMatchObject({
      productName: laptop.title,
      brand: 'Apple',
      barcodeNumber: laptop.upc,
      listingCategory: 'Electronics',
      weightLbs: 4.2,
      dimensions: { length: 14.1, width: 9.7, height: 0.7 },
    });
    expect((await lookupVia('macbook air', lookup)).map((r) => r.productName)).toContain(laptop.title);
    expect(await lookupVia('zzzz nothing', lookup)).toEqual([]);
  });

  it('turns a refused key and a dead service into "could not connect"; reads sizes in one unit only', async () => {
    await expect(barcodeLookupLookup(service.url, '').search('lamp')).rejects.toMatchObject({ status: 503 });
    await expect(barcodeLookupLookup('http://127.0.0.1:1', 'k').search('lamp')).rejects.toMatchObject({ status: 503 });
    expect(dimensionOf(['30 cm', '20 cm', '5 cm'])).toBe('30 x 20 x 5 cm');
    expect(dimensionOf(['30 cm', '20 in', '5 cm'])).toBeUndefined();
    expect(dimensionOf(['30', '', '5'])).toBeUndefined();
  });
});
