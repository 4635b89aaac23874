import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../shared/api/listings';
import { DEFAULT_PLATFORM_SETTINGS } from '../../shared/domain/admin-settings';
import { listingFacets, type FacetSource } from '../../functions/core/listings/browse-facets';
import { describeImage, hasGpsIfd, sidewaysPhotoWithGps } from '../fixtures/exif-photo';
import { call, signUpNewUser } from './auth-support';
import { mediaStatus, upload, withThumbnails } from './media-support';
import { facetsHolding } from './table-support';

const FROM = '127.0.10.7';
type Errors = { error: { message: string; fields?: Record<string, string> } };
let seller: string;
let other: string;
let pngFile: Buffer;

const body = {
  title: 'Brass Telescope Orrery',
  description: 'A brass telescope on a tripod.',
  category: 'Collectibles',
  condition: 'good',
  listingType: 'fixed',
  priceCents: 12_500,
  quantity: 2,
  location: { zipCode: '78701', city: 'Austin', state: 'TX' },
};
const sellerProfile = {
  fullName: 'Pat Photos',
  email: 'pat@example.com',
  phone: '+1 512 555 0199',
  address: null,
  returnAddress: null,
  useDifferentReturnAddress: false,
  isSeller: true,
};

const attached = (uploadKey: string) => uploadKey.replace(/^uploads\//, 'listing-photos/');

beforeAll(async () => {
  [{ token: seller }, { token: other }] = [await signUpNewUser(FROM, 'pho'), await signUpNewUser(FROM, 'oth')];
  for (const token of [seller, other]) {
    expect((await call('PUT', '/api/me/profile', { token, body: sellerProfile })).status).toBe(200);
  }
  pngFile = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
}, 90_000);

describe('listing photos', () => {
  it('uploads straight to the bucket, attaches in order, and the worker adds a small WebP thumbnail', async () => {
    const keys = [await upload(seller, pngFile), await upload(seller, pngFile)];
    const created = await call<{ id: string }>('POST', '/api/listings', {
      token: seller,
      body: { ...body, photoKeys: [keys[1], keys[0]] },
    });
    expect(created.status).toBe(201);
    const listing = await withThumbnails(created.body.id);
    // Attaching moved the uploads out of the expiring uploads/ prefix.
    expect(listing.images.map((i) => i.key)).toEqual([attached(keys[1]!), attached(keys[0]!)]);
    expect(await mediaStatus(keys[0]!)).toBe(404);
    expect(await mediaStatus(attached(keys[0]!))).toBe(200);
    const thumb = await fetch(listing.images[0]!.thumbUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 360]);
  });

  it('serves a sideways camera photo re-encoded on attach: upright, no EXIF or GPS, still a JPEG', async () => {
    const key = await upload(seller, await sidewaysPhotoWithGps(), 'image/jpeg');
    const created = await call<{ id: string }>('POST', '/api/listings', {
      token: seller,
      body: { ...body, photoKeys: [key] },
    });
    expect(created.status).toBe(201);
    const listing = await withThumbnails(created.body.id);
    const served = await fetch(listing.images[0]!.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const image = await describeImage(new Uint8Array(await served.arrayBuffer()));
    expect(image).toMatchObject({ format: 'jpeg', width: 20, height: 40, orientation: undefined, exif: undefined });
    expect(hasGpsIfd(image.exif) || image.leaksText).toBe(false);
    // Turned clockwise as the EXIF said: the photo's left (red) half is on top.
    expect(image.top[0]).toBeGreaterThan(200);
    expect(image.bottom[2]).toBeGreaterThan(200);
    // Nothing un-cleaned stays behind: the upload is gone.
    expect(await mediaStatus(key)).toBe(404);
  });

  it('refuses a photo past max_listing_images, a .jpg that is not an image, and a 6 MB image, deleting the bad uploads', async () => {
    const key = await upload(seller, pngFile);
    // The default setting (decision 063); the admin settings test changes it and sees the new limit.
    const over = DEFAULT_PLATFORM_SETTINGS.maxListingImages + 1;
    const tooMany = await call<Errors>('POST', '/api/listings', {
      token: seller,
      body: { ...body, photoKeys: Array.from({ length: over }, (_, i) => `${key.replace(/\.png$/, '')}${i}.png`) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields?.photoKeys).toBe(
      `A listing can have at most ${DEFAULT_PLATFORM_SETTINGS.maxListingImages} photos.`,
    );

    const good = await upload(seller, pngFile);
    const fake = await upload(seller, Buffer.from('just some text, named like a photo'), 'image/jpeg');
    const notImage = await call<Errors>('POST', '/api/listings', {
      token: seller,
      body: { ...body, photoKeys: [good, fake] },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error.message).toBe('Photo 2 is not an image file');
    expect(await mediaStatus(fake)).toBe(404);
    // The good photo went back to its upload key: the seller sends it again without the bad one.
    expect(await mediaStatus(good)).toBe(200);
    const again = await call<{ id: string }>('POST', '/api/listings', {
      token: seller,
      body: { ...body, photoKeys: [good] },
    });
    expect(again.status).toBe(201);

    const tooBig = await call<Errors>('POST', '/api/listing-photos/uploads', {
      token: seller,
      body: { contentType: 'image/jpeg', size: 6 * 1024 * 1024 },
    });
    expect(tooBig.status).toBe(400);
    // A browser that lies about the size gets past the ticket (our emulator enforces no policy); the attach check doesn't.
    const big = await sharp(randomBytes(2000 * 1000 * 3), { raw: { width: 2000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const bigKey = await upload(seller, big, 'image/png', 1000);
    const refused = await call<Errors>('POST', '/api/listings', {
      token: seller,
      body: { ...body, photoKeys: [bigKey] },
    });
    expect(refused.body.error.message).toBe('Photo 1 is larger than 5MB');
    expect(await mediaStatus(bigKey)).toBe(404);
  });

  it("never attaches another seller's upload", async () => {
    const theirs = await upload(other, pngFile);
    const res = await call<Errors>('POST', '/api/listings', { token: seller, body: { ...body, photoKeys: [theirs] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Photo 1 is not an upload of yours');
    expect(await mediaStatus(theirs)).toBe(200);
  });

  it('only sellers get upload tickets; only images may be announced', async () => {
    expect(
      (await call('POST', '/api/listing-photos/uploads', { body: { contentType: 'image/png', size: 10 } })).status,
    ).toBe(401);
    const svg = await call<Errors>('POST', '/api/listing-photos/uploads', {
      token: seller,
      body: { contentType: 'image/svg+xml', size: 10 },
    });
    expect(svg.status).toBe(400);
  });
});

describe('PUT /api/listings/{id}', () => {
  let id: string;
  beforeAll(async () => {
    const key = await upload(seller, pngFile);
    id = (await call<{ id: string }>('POST', '/api/listings', { token: seller, body: { ...body, photoKeys: [key] } }))
      .body.id;
    await withThumbnails(id);
  }, 30_000);

  it('edits the whole listing: new words are searchable, old ones are gone, photos follow the new order', async () => {
    const before = await call<ListingDetail>('GET', `/api/listings/${id}`);
    const added = await upload(seller, pngFile);
    const res = await call<{ id: string }>('PUT', `/api/listings/${id}`, {
      token: seller,
      body: {
        ...body,
        title: 'Copper Sextant Marigraph',
        priceCents: 9_900,
        condition: 'fair',
        photoKeys: [added, before.body.images[0]!.key],
      },
    });
    expect(res.status).toBe(200);
    const after = await withThumbnails(id);
    expect(after).toMatchObject({ title: 'Copper Sextant Marigraph', priceCents: 9_900 });
    expect(after.images.map((i) => i.key)).toEqual([attached(added), before.body.images[0]!.key]);
    const search = async (q: string) =>
      (await call<{ items: { id: string }[] }>('GET', `/api/listings?search=${q}`)).body.items.map((i) => i.id);
    expect(await search('marigraph')).toContain(id);
    expect(await search('orrery')).not.toContain(id);
    const priced = await call<{ items: { id: string }[] }>(
      'GET',
      '/api/listings?category=Collectibles&sort=price-low&minPriceCents=9900&maxPriceCents=9900',
    );
    expect(priced.body.items.map((i) => i.id)).toContain(id);
    // The condition facets follow the edit: listed under its new condition at its new price, gone from the old one.
    const inCondition = async (condition: string) =>
      (
        await call<{ items: { id: string }[] }>(
          'GET',
          `/api/listings?category=Collectibles&condition=${condition}&sort=price-low&minPriceCents=9900&maxPriceCents=9900`,
        )
      ).body.items.map((i) => i.id);
    expect(await inCondition('fair')).toContain(id);
    expect(await inCondition('good')).not.toContain(id);
    expect(await facetsHolding(id, { ...(body as FacetSource), condition: 'good' })).toEqual(
      listingFacets({ ...(body as FacetSource), condition: 'good' }).filter((f) => !f.includes('good')),
    );
  });

  it("refuses another seller's edit (403), an unknown id (404), and invalid bodies (400), changing nothing", async () => {
    const mine = await call<ListingDetail>('GET', `/api/listings/${id}`);
    const edit = { ...body, photoKeys: [] };
    expect((await call('PUT', `/api/listings/${id}`, { token: other, body: edit })).status).toBe(403);
    expect((await call('PUT', '/api/listings/01UNKNOWNLISTING', { token: seller, body: edit })).status).toBe(404);
    expect((await call('PUT', `/api/listings/${id}`, { token: seller, body: { ...edit, priceCents: 0 } })).status).toBe(
      400,
    );
    const { title: _t, ...untitled } = edit;
    expect((await call('PUT', `/api/listings/${id}`, { token: seller, body: untitled })).status).toBe(400);
    expect((await call('PUT', `/api/listings/${id}`, { body: edit })).status).toBe(401);
    expect((await call<ListingDetail>('GET', `/api/listings/${id}`)).body).toEqual(mine.body);
  });

  it('concurrent edits all land one after another, and search ends up with exactly the last title', async () => {
    const titles = ['Pewter Astrolabe Quintessa', 'Bronze Astrolabe Velmora', 'Silver Astrolabe Drusilla'];
    const replies = await Promise.all(
      titles.map((title) =>
        call('PUT', `/api/listings/${id}`, { token: seller, body: { ...body, title, photoKeys: [] } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const final = (await call<ListingDetail>('GET', `/api/listings/${id}`)).body.title;
    expect(titles).toContain(final);
    for (const title of titles) {
      const word = title.split(' ')[2]!.toLowerCase();
      const found = (await call<{ items: { id: string }[] }>('GET', `/api/listings?search=${word}`)).body.items;
      expect(
        found.some((i) => i.id === id),
        word,
      ).toBe(title === final);
    }
  });

  it('an ended listing can no longer be edited', async () => {
    expect((await call('POST', `/api/listings/${id}/end`, { token: seller, body: {} })).status).toBe(200);
    const res = await call<Errors>('PUT', `/api/listings/${id}`, { token: seller, body: { ...body, photoKeys: [] } });
    expect(res.status).toBe(409);
  });
});

describe('POST /api/listing-photos/imports', () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(pngFile));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses private and loopback addresses (no server-side request forgery)', async () => {
    const loopback = origin.replace('http:', 'https:');
    for (const url of [`${loopback}/a.png`, 'https://169.254.169.254/latest/meta-data/', 'https://10.0.0.1/x.png']) {
      const res = await call<Errors>('POST', '/api/listing-photos/imports', { token: seller, body: { url } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('This image address cannot be imported');
    }
    // Plain http is refused before any address is looked at (decision 078).
    const plain = await call<Errors>('POST', '/api/listing-photos/imports', {
      token: seller,
      body: { url: `${origin}/a.png` },
    });
    expect([plain.status, plain.body.error.message]).toEqual([400, 'Only https image addresses can be imported']);
    const ftp = await call<Errors>('POST', '/api/listing-photos/imports', {
      token: seller,
      body: { url: 'ftp://example.com/a.png' },
    });
    expect(ftp.status).toBe(400);
  });
});
