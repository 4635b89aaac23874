import { describe, expect, it } from 'vitest';
import { compareCounts } from '../../../infra/local/table-restore';

describe('restore drill counts (decision 076)', () => {
  it('match only when every entity has as many items restored as exported', () => {
    expect(compareCounts({ user: 3, listing: 5 }, { listing: 5, user: 3 })).toEqual({
      counts: { listing: { exported: 5, restored: 5 }, user: { exported: 3, restored: 3 } },
      matches: true,
    });
    expect(compareCounts({ user: 3, listing: 5 }, { user: 3, listing: 4 }).matches).toBe(false);
    // An entity only on one side is a difference too.
    expect(compareCounts({ user: 3 }, { user: 3, order: 1 })).toMatchObject({
      counts: { order: { exported: 0, restored: 1 } },
      matches: false,
    });
    expect(compareCounts({ user: 3, order: 2 }, { user: 3 }).matches).toBe(false);
  });

  it('never matches an empty export (nothing was checked)', () => {
    expect(compareCounts({}, {}).matches).toBe(false);
  });
});
