import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ListingCategory } from '../../../shared/domain/categories';
import { listingSvg } from '../seed/svg';
import { CATALOG, isValidUpcA, type CatalogItem } from './catalog';
import { requestUrl } from '../request-url';

export interface ProductService {
  url: string;
  stop(): Promise<void>;
}

const MAX_RESULTS = 10;
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** UPCitemdb's search: every query word is a prefix of a word of the title, brand, model or category. */
function search(q: string): CatalogItem[] {
  const query = words(q);
  if (!query.length) return [];
  return CATALOG.filter((p) => {
    const own = words(`${p.title} ${p.brand} ${p.model} ${p.category}`);
    return query.every((w) => own.some((o) => o.startsWith(w)));
  }).slice(0, MAX_RESULTS);
}

function lookup(code: string): CatalogItem[] {
  const digits = code.replace(/\D/g, '');
  return CATALOG.filter((p) => p.upc === digits || p.ean === digits || p.ean === `0${digits}`);
}

/** Barcode Lookup gives each size apart with its unit ("14.1 in"). */
function sizesOf(dimension: string): { length: string; width: string; height: string } {
  const m = /^([\d.]+) X ([\d.]+) X ([\d.]+) inches$/.exec(dimension);
  return m
    ? { length: `${m[1]} in`, width: `${m[2]} in`, height: `${m[3]} in` }
    : { length: '', width: '', height: '' };
}

/**
 * A local stand-in for the UPCitemdb product API (`/prod/trial/lookup`, `/prod/trial/search` and the `/prod/v1` paths of
 * the paid plan) and for Barcode Lookup's (`/v3/products?barcode=` or `?search=`, with a `key`; decision 069), each
 * answering in its JSON shape from one built-in catalogue, and serving each product's photos as PNGs.
 */
export async function startProductService(opts: { port: number; host: string }): Promise<ProductService> {
  const images = new Map<string, Promise<Buffer>>();
  let origin = '';
  const toItem = (p: CatalogItem) => ({
    ean: p.ean,
    title: p.title,
    description: p.description,
    upc: p.upc,
    brand: p.brand,
    model: p.model,
    color: '',
    size: '',
    dimension: p.dimension,
    weight: p.weight,
    category: p.category,
    currency: '',
    lowest_recorded_price: 0,
    highest_recorded_price: 0,
    images: imagesOf(p),
    offers: [],
  });
  const imagesOf = (p: CatalogItem) =>
    Array.from({ length: p.imageCount }, (_, n) => `${origin}/images/${p.upc}-${n + 1}.png`);
  const toBarcodeLookup = (p: CatalogItem) => ({
    barcode_number: p.upc,
    barcode_formats: `UPC-A ${p.upc}, EAN-13 ${p.ean}`,
    mpn: p.model,
    model: p.model,
    title: p.title,
    category: p.category,
    manufacturer: p.brand,
    brand: p.brand,
    description: p.description,
    ...sizesOf(p.dimension),
    weight: p.weight,
    images: imagesOf(p),
    stores: [],
  });
  const render = (p: CatalogItem, n: number) =>
    sharp(
      Buffer.from(
        listingSvg({
          title: p.title,
          category: p.listingCategory as ListingCategory,
          subcategory: p.subcategory,
          index: n,
        }),
      ),
    )
      .resize(800, 600)
      .png({ compressionLevel: 6 })
      .toBuffer();

  const server = http.createServer((req, res) => {
    const url = requestUrl(req);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const image = /^\/images\/(\d{12})-(\d)\.png$/.exec(url.pathname);
    if (image) {
      const product = CATALOG.find((p) => p.upc === image[1]);
      const n = Number(image[2]) - 1;
      if (!product || n >= product.imageCount) return void res.writeHead(404).end();
      const key = `${product.upc}-${n}`;
      if (!images.has(key)) images.set(key, render(product, n));
      void images.get(key)!.then(
        (png) => res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(png),
        () => res.writeHead(500).end(),
      );
      return;
    }
    if (url.pathname === '/v3/products' && req.method === 'GET') {
      if (!url.searchParams.get('key')) return json(403, { message: 'Invalid API key' });
      const barcode = url.searchParams.get('barcode');
      const found = barcode !== null ? lookup(barcode) : search(url.searchParams.get('search') ?? '');
      // Barcode Lookup answers a search or code with no product 404.
      if (!found.length) return json(404, { message: 'No products found' });
      return json(200, { products: found.map(toBarcodeLookup) });
    }
    const route = /^\/prod\/(?:trial|v1)\/(lookup|search)$/.exec(url.pathname);
    if (!route || req.method !== 'GET') return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    if (route[1] === 'lookup') {
      const upc = url.searchParams.get('upc') ?? '';
      const digits = upc.replace(/\D/g, '');
      if (!/^\d{8,14}$/.test(digits) || (digits.length === 12 && !isValidUpcA(digits))) {
        return json(400, { code: 'INVALID_UPC', message: 'Not a valid UPC code.' });
      }
      const items = lookup(digits).map(toItem);
      return json(200, { code: 'OK', total: items.length, offset: 0, items });
    }
    const s = url.searchParams.get('s') ?? '';
    if (!s.trim()) return json(400, { code: 'INVALID_QUERY', message: 'Search query is empty.' });
    const items = search(s).map(toItem);
    return json(200, { code: 'OK', total: items.length, offset: 0, items });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, resolve);
  });
  origin = `http://${opts.host}:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
