import { describe, expect, it } from 'vitest';
import type { PhotoStore } from '../../../functions/core/listings/photos';
import type { StoreFields, StoreSettingsStore } from '../../../functions/core/stores/store-settings';
import { updateStore } from '../../../functions/core/stores/update-store';
import { testClock } from '../../fixtures/test-clock';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const TEXT = new TextEncoder().encode('hello world!');

function fakes(current: StoreFields | null, objects: Record<string, Uint8Array>, saveWins = true) {
  const log: string[] = [];
  const saved: StoreFields[] = [];
  const photos: PhotoStore = {
    inspect: async (key) => (objects[key] ? { size: objects[key].length, head: objects[key] } : null),
    promote: async (from, to, maxPx) => (log.push(`re-encode ${from} -> ${to} within ${maxPx}px`), 'promoted'),
    move: async (from, to) => void log.push(`move ${from} -> ${to}`),
    remove: async (keys) => void log.push(`remove ${keys.join(',')}`),
  };
  const store: StoreSettingsStore = {
    get: async () => current,
    save: async (_u, fields, expected) => {
      log.push(`save expecting ${expected ?? 'none'}`);
      if (saveWins) saved.push(fields);
      return saveWins;
    },
  };
  return { log, saved, deps: { store, photos, mediaUrl: (k: string) => `/media/${k}`, clock: testClock(new Date(0)) } };
}

const texts = { storeName: 'Tech Haven', storeDescription: '', bio: 'Hi' };

describe('Customize Store', () => {
  it('re-encodes a new banner under store-banners/, saves against the old one and deletes the old one', async () => {
    const f = fakes({ storeBannerKey: 'store-banners/U1/old.png' }, { 'uploads/U1/new.png': PNG });
    const out = await updateStore('U1', { ...texts, bannerKey: 'uploads/U1/new.png' }, f.deps);
    expect(f.log).toEqual([
      're-encode uploads/U1/new.png -> store-banners/U1/new.png within 2560px',
      'save expecting store-banners/U1/old.png',
      'remove store-banners/U1/old.png',
    ]);
    expect(out).toEqual({
      storeName: 'Tech Haven',
      storeDescription: null,
      bio: 'Hi',
      bannerUrl: '/media/store-banners/U1/new.png',
      fullName: null,
      theme: 'default',
    });
    expect(f.saved[0]).toEqual({
      storeName: 'Tech Haven',
      bio: 'Hi',
      storeBannerKey: 'store-banners/U1/new.png',
      storeTheme: 'default',
    });
  });

  it('saves the name and theme sent, and keeps every field left out (a banner saved on its own)', async () => {
    const current = {
      storeName: 'Tech Haven',
      bio: 'Hi',
      fullName: 'Sam Seller',
      storeTheme: 'dark' as const,
      storeBannerKey: 'store-banners/U1/old.png',
    };
    const named = fakes(current, {});
    const out = await updateStore('U1', { ...texts, fullName: 'Sam Q. Seller', theme: 'sunset' }, named.deps);
    expect(out).toMatchObject({ fullName: 'Sam Q. Seller', theme: 'sunset', storeDescription: null });
    expect(named.saved[0]).toMatchObject({ fullName: 'Sam Q. Seller', storeTheme: 'sunset' });

    const bannerOnly = fakes(current, { 'uploads/U1/new.png': PNG });
    await updateStore('U1', { bannerKey: 'uploads/U1/new.png' }, bannerOnly.deps);
    expect(bannerOnly.saved[0]).toEqual({ ...current, storeBannerKey: 'store-banners/U1/new.png' });
  });

  it('keeps the banner when none is sent, removes it on null, and never deletes a banner it did not make', async () => {
    const seeded = { storeBannerKey: 'profiles/U1/banner.webp' };
    const kept = fakes(seeded, {});
    expect((await updateStore('U1', texts, kept.deps)).bannerUrl).toBe('/media/profiles/U1/banner.webp');
    const cleared = fakes(seeded, {});
    expect((await updateStore('U1', { ...texts, bannerKey: null }, cleared.deps)).bannerUrl).toBeNull();
    expect(cleared.log).toEqual(['save expecting profiles/U1/banner.webp']);
  });

  it("refuses someone else's upload and a file that is not an image (deleting it), writing nothing", async () => {
    const other = fakes(null, { 'uploads/U2/x.png': PNG });
    await expect(updateStore('U1', { ...texts, bannerKey: 'uploads/U2/x.png' }, other.deps)).rejects.toMatchObject({
      status: 400,
      message: 'Banner is not an upload of yours',
    });
    const fake = fakes(null, { 'uploads/U1/x.jpg': TEXT });
    await expect(updateStore('U1', { ...texts, bannerKey: 'uploads/U1/x.jpg' }, fake.deps)).rejects.toMatchObject({
      status: 400,
      message: 'Banner is not an image file',
    });
    expect(fake.log).toEqual(['remove uploads/U1/x.jpg']);
    expect([...other.saved, ...fake.saved]).toEqual([]);
  });

  it('answers 409 and deletes the moved banner when another save changed the banner meanwhile', async () => {
    const f = fakes(null, { 'uploads/U1/new.png': PNG }, false);
    await expect(updateStore('U1', { ...texts, bannerKey: 'uploads/U1/new.png' }, f.deps)).rejects.toMatchObject({
      status: 409,
    });
    expect(f.log.at(-1)).toBe('remove store-banners/U1/new.png');
  });
});
