import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../shared/api/stores';
import { describeImage, hasGpsIfd, sidewaysPhotoWithGps } from '../fixtures/exif-photo';
import { call, signUpNewUser } from './auth-support';
import { listItem } from './checkout-support';
import { mediaStatus, upload } from './media-support';
import { endListingsOf, type Account } from './route-support';

type Errors = { error: { message: string; fields?: Record<string, string> } };
type Saved = {
  storeName: string | null;
  storeDescription: string | null;
  bio: string | null;
  bannerUrl: string | null;
};
let token: string;
let username: string;
let banner: Buffer;
let me: Account;
const FROM = '127.0.11.2';

const texts = { storeName: 'Quill & Ink', storeDescription: 'Fountain pens, restored.', bio: 'Collector since 2009.' };

beforeAll(async () => {
  let wallet: string;
  ({ token, wallet } = await signUpNewUser(FROM, 'cus'));
  const current = (await call<{ id: string; username: string }>('GET', '/api/me', { token })).body;
  username = current.username;
  me = { token, wallet, from: FROM, userId: current.id, username };
  // Photo uploads are for sellers.
  const profile = { fullName: 'Cus Tomize', email: 'cus@example.com', phone: '+1 512 555 0100', isSeller: true };
  const made = await call('PUT', '/api/me/profile', {
    token,
    body: { ...profile, address: null, returnAddress: null, useDifferentReturnAddress: false },
  });
  expect(made.status).toBe(200);
  banner = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#204060' } })
    .png()
    .toBuffer();
});

describe('PUT /api/me/store (Customize Store)', () => {
  it('saves the texts and a new banner, which the public store page then shows; a second banner replaces the first', async () => {
    const first = await upload(token, banner);
    const saved = await call<Saved>('PUT', '/api/me/store', { token, body: { ...texts, bannerKey: first } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(texts);
    const firstKey = first.replace(/^uploads\//, 'store-banners/');
    expect(saved.body.bannerUrl).toContain(firstKey);
    expect(await mediaStatus(first)).toBe(404);
    expect(await mediaStatus(firstKey)).toBe(200);

    const store = await call<Store>('GET', `/api/stores/${username}`);
    expect(store.body).toMatchObject({ ...texts, bannerUrl: saved.body.bannerUrl });

    const second = await upload(token, banner);
    const again = await call<Saved>('PUT', '/api/me/store', {
      token,
      body: { storeName: '', storeDescription: '', bio: '', bannerKey: second },
    });
    expect(again.body).toMatchObject({ storeName: null, storeDescription: null, bio: null });
    expect(await mediaStatus(firstKey)).toBe(404);
    expect((await call<Store>('GET', `/api/stores/${username}`)).body.storeName).toBeNull();
  });

  it('serves a banner re-encoded: a sideways camera photo comes out upright without EXIF or GPS', async () => {
    const key = await upload(token, await sidewaysPhotoWithGps(), 'image/jpeg');
    const saved = await call<Saved>('PUT', '/api/me/store', {
      token,
      body: { storeName: '', storeDescription: '', bio: '', bannerKey: key },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.bannerUrl).toMatch(/\/media\/store-banners\/.+\.jpg$/);
    const image = await describeImage(new Uint8Array(await (await fetch(saved.body.bannerUrl!)).arrayBuffer()));
    expect(image).toMatchObject({ width: 20, height: 40, orientation: undefined, exif: undefined, leaksText: false });
    expect(hasGpsIfd(image.exif)).toBe(false);
    expect(await mediaStatus(key)).toBe(404);
  });

  it('refuses a .jpg that is not an image and deletes it, and refuses text over the limit, with 400 and nothing saved', async () => {
    const fake = await upload(token, Buffer.from('not an image at all, just text'), 'image/jpeg');
    const res = await call<Errors>('PUT', '/api/me/store', { token, body: { ...texts, bannerKey: fake } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Banner is not an image file');
    expect(await mediaStatus(fake)).toBe(404);
    const long = await call<Errors>('PUT', '/api/me/store', { token, body: { ...texts, storeName: 'x'.repeat(61) } });
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.storeName).toBe('Store name must be 60 characters or fewer');
    expect((await call<Store>('GET', `/api/stores/${username}`)).body.storeName).toBeNull();
  });

  it('saves the theme and the name (each checked), which the store page and the profile then show', async () => {
    const saved = await call<Saved & { theme: string; fullName: string }>('PUT', '/api/me/store', {
      token,
      body: { theme: 'sunset', fullName: '  Cus Q. Tomize ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ theme: 'sunset', fullName: 'Cus Q. Tomize' });
    expect((await call<Store>('GET', `/api/stores/${username}`)).body.theme).toBe('sunset');
    expect((await call<{ fullName: string }>('GET', '/api/me/profile', { token })).body.fullName).toBe('Cus Q. Tomize');

    const neon = await call<Errors>('PUT', '/api/me/store', { token, body: { theme: 'neon' } });
    expect(neon.status).toBe(400);
    expect(neon.body.error.fields?.theme).toBe('Choose one of the store themes');
    const blank = await call<Errors>('PUT', '/api/me/store', { token, body: { fullName: '   ' } });
    expect(blank.body.error.fields?.fullName).toBe('Full name is required');
    expect((await call<Store>('GET', `/api/stores/${username}`)).body.theme).toBe('sunset');
  });

  it('features the pinned listings while active, else the newest four; refuses one not active', async () => {
    const older = await listItem(me, { title: 'Quill Pen' });
    const newer = await listItem(me, { title: 'Ink Well' });
    const featured = async () => {
      const store = (await call<Store>('GET', `/api/stores/${username}`)).body;
      return { ids: store.featured.map((l) => l.id), pinned: store.featuredPinned };
    };
    expect(await featured()).toEqual({ ids: [newer, older], pinned: false });
    const pin = (listingIds: string[]) =>
      call<Errors>('PUT', '/api/me/store/featured', { token, body: { listingIds } });
    expect((await pin([older])).status).toBe(200);
    expect(await featured()).toEqual({ ids: [older], pinned: true });

    expect((await call('POST', `/api/listings/${older}/end`, { token, body: {} })).status).toBe(200);
    // The ended pin is dropped as read: the newest active ones again.
    expect(await featured()).toEqual({ ids: [newer], pinned: false });
    const ended = await pin([newer, older]);
    expect(ended.status).toBe(400);
    expect(ended.body.error.message).toBe('Only active listings can be featured');
    expect((await pin([newer, newer])).status).toBe(400);
    await endListingsOf(me);
  });

  it('needs a session', async () => {
    expect((await call('PUT', '/api/me/store', { body: texts })).status).toBe(401);
  });
});
