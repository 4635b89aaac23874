import { describe, expect, it } from 'vitest';
import type { PhotoStore, PromoteOutcome } from '../../../functions/core/listings/photos';
import { setAvatar } from '../../../functions/core/profile/set-avatar';
import { testClock } from '../../fixtures/test-clock';
import { avatarPrefix, isProfileComplete, settingsWrite, toProfile } from '../../../functions/core/profile/profile';

const home = { country: 'US' as const, street: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
const returns = { country: 'DE' as const, street: 'Hauptstr. 5', city: 'Berlin', state: '', postalCode: '10115' };

describe('profile settings', () => {
  it('is complete only with full name, email and phone', () => {
    expect(isProfileComplete({ fullName: 'Jane', email: 'j@example.com', phone: '555 0100' })).toBe(true);
    expect(isProfileComplete({ fullName: 'Jane', email: 'j@example.com', phone: ' ' })).toBe(false);
    expect(isProfileComplete({})).toBe(false);
  });

  it('writes the address parts and their one-line form in the country order', () => {
    const write = settingsWrite({
      fullName: 'Jane',
      email: 'j@example.com',
      phone: '555 0100',
      address: home,
      returnAddress: returns,
      useDifferentReturnAddress: true,
      isSeller: true,
    });
    expect(write.address).toBe('1 Main St, Austin, TX, 78701, United States');
    expect(write.returnAddress).toBe('Hauptstr. 5, 10115, Berlin, Germany');
  });

  it('drops the return address when the separate return address is off', () => {
    const write = settingsWrite({
      fullName: 'Jane',
      email: 'j@example.com',
      phone: '555 0100',
      address: home,
      returnAddress: returns,
      useDifferentReturnAddress: false,
      isSeller: false,
    });
    expect(write.returnAddressParts).toBeNull();
    expect(write.returnAddress).toBeNull();
  });

  it('shows an empty profile for a user without one, and the avatar as a media URL', () => {
    expect(toProfile(null, (k) => `/media/${k}`)).toMatchObject({ fullName: '', isSeller: false, avatarUrl: null });
    expect(toProfile({ avatarKey: `${avatarPrefix('u1')}a.png` }, (k) => `/media/${k}`).avatarUrl).toBe(
      '/media/avatars/u1/a.png',
    );
  });
});

describe('setting the avatar', () => {
  const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]);
  function fakes(objects: Record<string, Uint8Array>, outcome: PromoteOutcome = 'promoted') {
    const log: string[] = [];
    const photos: PhotoStore = {
      inspect: async (key) => (objects[key] ? { size: objects[key].length, head: objects[key] } : null),
      promote: async (from, to, maxPx) => (log.push(`re-encode ${from} -> ${to} within ${maxPx}px`), outcome),
      move: async () => {
        throw new Error('not used');
      },
      remove: async (keys) => void log.push(`remove ${keys.join(',')}`),
    };
    const profiles = {
      setAvatar: async (userId: string, key: string) => (log.push(`set ${userId} ${key}`), { avatarKey: key }),
    };
    return { log, deps: { photos, profiles, mediaUrl: (k: string) => k, clock: testClock(new Date(0)) } };
  }

  it("re-encodes the user's own upload under avatars/<userId>/ and records that key", async () => {
    const f = fakes({ 'uploads/u1/01A.jpg': JPEG });
    expect((await setAvatar('u1', 'uploads/u1/01A.jpg', f.deps)).avatarUrl).toBe(`${avatarPrefix('u1')}01A.jpg`);
    expect(f.log).toEqual([
      're-encode uploads/u1/01A.jpg -> avatars/u1/01A.jpg within 512px',
      'set u1 avatars/u1/01A.jpg',
    ]);
  });

  it('checks the upload by its bytes like a listing photo, deleting what is not an image', async () => {
    const text = fakes({ 'uploads/u1/a.png': new TextEncoder().encode('<html>hello!') });
    await expect(setAvatar('u1', 'uploads/u1/a.png', text.deps)).rejects.toMatchObject({
      status: 400,
      message: 'Avatar is not an image file',
      fields: { key: 'Avatar is not an image file' },
    });
    expect(text.log).toEqual(['remove uploads/u1/a.png']);
    const big = fakes({ 'uploads/u1/a.jpg': new Uint8Array(6 * 1024 * 1024).fill(0xff) });
    await expect(setAvatar('u1', 'uploads/u1/a.jpg', big.deps)).rejects.toMatchObject({
      message: 'Avatar is larger than 5MB',
    });
    const undecodable = fakes({ 'uploads/u1/a.jpg': JPEG }, 'undecodable');
    await expect(setAvatar('u1', 'uploads/u1/a.jpg', undecodable.deps)).rejects.toMatchObject({
      message: 'Avatar is not an image file',
    });
    expect(undecodable.log.at(-1)).toBe('remove uploads/u1/a.jpg');
  });

  it("refuses someone else's upload, a served key and a missing upload, recording nothing", async () => {
    const f = fakes({ 'uploads/u2/a.jpg': JPEG, 'avatars/u1/a.jpg': JPEG });
    for (const key of ['uploads/u2/a.jpg', 'avatars/u1/a.jpg', 'uploads/u1/../u2/a.jpg']) {
      await expect(setAvatar('u1', key, f.deps)).rejects.toMatchObject({ message: 'Avatar is not an upload of yours' });
    }
    await expect(setAvatar('u1', 'uploads/u1/gone.jpg', f.deps)).rejects.toMatchObject({
      message: 'Avatar was not uploaded',
    });
    const raced = fakes({ 'uploads/u1/a.jpg': JPEG }, 'missing');
    await expect(setAvatar('u1', 'uploads/u1/a.jpg', raced.deps)).rejects.toMatchObject({
      message: 'Avatar was not uploaded',
    });
    expect([...f.log, ...raced.log].filter((l) => l.startsWith('set'))).toEqual([]);
  });
});
