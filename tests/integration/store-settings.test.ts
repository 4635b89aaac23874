import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../shared/api/stores';
import { describeImage, hasGpsIfd, sidewaysPhotoWithGps } from '../fixtures/exif-photo';
import { call, signUpNewUser } from './auth-support';
import { mediaStatus, upload } from './media-support';

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

const texts = { storeName: 'Quill & Ink', storeDescription: 'Fountain pens, restored.', bio: 'Collector since 2009.' };

beforeAll(async () => {
  ({ token } = await signUpNewUser('127.0.11.2', 'cus'));
  username = (await call<{ username: string }>('GET', '/api/me', { token })).body.username;
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

  it('needs a session', async () => {
    expect((await call('PUT', '/api/me/store', { body: texts })).status).toBe(401);
  });
});
