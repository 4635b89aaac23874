import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../../functions/core/auth/rate-limit';
import { importListingPhoto } from '../../../../functions/core/listings/import-listing-photo';
import { testClock } from '../../../fixtures/test-clock';
import { MemoryAccounts, MemoryRateLimits } from '../auth/memory-ports';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('importListingPhoto', () => {
  it('counts imports per seller (decision 078): over the limit, 429 before anything is fetched', async () => {
    const accounts = new MemoryAccounts();
    for (const [id, isSeller] of [
      ['S1', true],
      ['S2', true],
      ['B1', false],
    ] as const) {
      accounts.users.set(id, { userId: id, username: id, walletAddress: `r${id}`, role: 'user', createdAt: '' });
      accounts.flags.set(id, { isSeller, isVerified: false, avatarKey: null });
    }
    const fetched: string[] = [];
    const written: string[] = [];
    const deps = {
      accounts,
      fetchImage: async (url: string) => (fetched.push(url), PNG),
      writePhoto: async (key: string) => void written.push(key),
      newId: () => `P${written.length}`,
      mediaUrl: (key: string) => `https://media/${key}`,
      rateLimits: new MemoryRateLimits(),
      clock: testClock(new Date('2026-06-01T12:00:10Z')),
    };
    const limit = RATE_LIMITS.importListingPhoto.limit;
    for (let i = 0; i < limit; i++) {
      expect((await importListingPhoto('S1', `https://img.example/${i}.png`, deps)).key).toMatch(/^uploads\/S1\//);
    }
    await expect(importListingPhoto('S1', 'https://img.example/x.png', deps)).rejects.toMatchObject({
      status: 429,
      headers: { 'retry-after': '50' },
    });
    expect(fetched).toHaveLength(limit);
    // Another seller has their own budget; a buyer is refused as before, without counting.
    await expect(importListingPhoto('S2', 'https://img.example/y.png', deps)).resolves.toBeTruthy();
    await expect(importListingPhoto('B1', 'https://img.example/z.png', deps)).rejects.toMatchObject({ status: 403 });
    expect([...deps.rateLimits.counts.keys()].some((k) => k.includes('B1'))).toBe(false);
  });
});
