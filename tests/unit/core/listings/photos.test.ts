import { describe, expect, it } from 'vitest';
import { createListingBodySchema } from '../../../../shared/api/listings';
import { MAX_LISTING_IMAGES_RANGE } from '../../../../shared/domain/admin-settings';
import {
  attachedKey,
  pendingUploadKey,
  sniffImageType,
  thumbnailKey,
} from '../../../../functions/core/listings/photos';
import { makeThumbnails, type ThumbnailDeps } from '../../../../functions/core/listings/make-thumbnails';

const bytes = (...b: (number | string)[]) =>
  new Uint8Array(b.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));

describe('sniffImageType', () => {
  it.each([
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xdb)],
    ['image/png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)],
    ['image/gif', bytes('GIF89a')],
    ['image/gif', bytes('GIF87a')],
    ['image/webp', bytes('RIFF', 0, 0, 0, 0, 'WEBP')],
  ])('recognises %s by its signature', (type, head) => expect(sniffImageType(head)).toBe(type));

  it.each([
    ['text', bytes('hello world!')],
    ['a RIFF that is not WebP', bytes('RIFF', 0, 0, 0, 0, 'WAVE')],
    ['an SVG', bytes('<svg xmlns=')],
    ['nothing', bytes()],
  ])('refuses %s', (_, head) => expect(sniffImageType(head)).toBeNull());
});

describe('photo keys', () => {
  it("live under the seller's prefix with the type's extension; thumbnails sit next to them", () => {
    const key = pendingUploadKey('u1', 'image/png', '01ABC');
    expect(key).toBe('uploads/u1/01ABC.png');
    expect(attachedKey(key)).toBe('listing-photos/u1/01ABC.png');
    expect(thumbnailKey(attachedKey(key))).toBe('listing-photos/u1/01ABC.thumb.webp');
  });

  it('are at most the highest photo limit a setting allows, unique, and never climb out of a folder', () => {
    const base = {
      title: 'T',
      description: 'D',
      category: 'Gaming',
      condition: 'good',
      listingType: 'fixed',
      priceCents: 100,
      location: { zipCode: '78701', city: 'Austin', state: 'TX' },
    };
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `listing-photos/u1/${i}.jpg`);
    // The schema's bound is the most any setting allows; the current max_listing_images is checked by the use case.
    expect(createListingBodySchema.safeParse({ ...base, photoKeys: keys(MAX_LISTING_IMAGES_RANGE.max) }).success).toBe(
      true,
    );
    const over = keys(MAX_LISTING_IMAGES_RANGE.max + 1);
    expect(createListingBodySchema.safeParse({ ...base, photoKeys: over }).success).toBe(false);
    expect(createListingBodySchema.safeParse({ ...base, photoKeys: ['a.jpg', 'a.jpg'] }).success).toBe(false);
    expect(createListingBodySchema.safeParse({ ...base, photoKeys: ['listing-photos/u1/../u2/a.jpg'] }).success).toBe(
      false,
    );
  });
});

describe('makeThumbnails', () => {
  function fake(images: { key: string; thumbKey?: string }[], conflicts = 0) {
    const state = { images, version: 1, written: [] as string[], conflicts };
    const deps: ThumbnailDeps = {
      images: async () => ({ images: state.images, version: state.version }),
      setImages: async (_, next, version) => {
        if (state.conflicts-- > 0) {
          state.version++;
          return false;
        }
        if (version !== state.version) return false;
        state.images = next;
        state.version++;
        return true;
      },
      readPhoto: async (key) => (key.includes('gone') ? null : bytes('x')),
      resize: async (photo) => (photo.length ? bytes('webp') : null),
      writeThumbnail: async (key) => void state.written.push(key),
    };
    return { state, deps };
  }

  it('records a thumbnail for each new photo, once, even after losing a race with an edit', async () => {
    const { state, deps } = fake([{ key: 'p/a.jpg' }, { key: 'p/b.png', thumbKey: 'p/b.thumb.webp' }], 1);
    expect(await makeThumbnails('L1', ['p/a.jpg', 'p/b.png'], deps)).toBe(1);
    expect(state.images).toEqual([
      { key: 'p/a.jpg', thumbKey: 'p/a.thumb.webp' },
      { key: 'p/b.png', thumbKey: 'p/b.thumb.webp' },
    ]);
    expect(state.written).toEqual(['p/a.thumb.webp']);
  });

  it('skips photos the listing no longer has or whose file is gone', async () => {
    const { state, deps } = fake([{ key: 'p/gone.jpg' }]);
    expect(await makeThumbnails('L1', ['p/gone.jpg', 'p/removed.jpg'], deps)).toBe(0);
    expect(state.version).toBe(1);
  });
});
