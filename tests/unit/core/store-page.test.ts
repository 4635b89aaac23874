import { describe, expect, it } from 'vitest';
import { averageRating, getStorePage } from '../../../functions/core/listings/store-page';

describe('store page', () => {
  it('averages ratings to one decimal, and none without reviews', () => {
    expect(averageRating(43, 10)).toBe(4.3);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBeNull();
  });

  it("is 'User Not Found' for an unknown name", async () => {
    const port = { ownerByUsername: async () => null, bySeller: async () => [] };
    await expect(getStorePage('x', port, (k) => k)).rejects.toMatchObject({ status: 404, message: 'User Not Found' });
  });
});
