import { describe, expect, it } from 'vitest';
import { BALANCE_REUSE_MS, reusableBalance } from '../../../../functions/core/bids/balance-reuse';

describe('reusableBalance', () => {
  const seen = { cents: 5_000, at: 1_000_000 };

  it('reuses a recent read that covers the bid', () => {
    expect(reusableBalance(seen, 5_000, seen.at)).toBe(5_000);
    expect(reusableBalance(seen, 1, seen.at + BALANCE_REUSE_MS - 1)).toBe(5_000);
  });

  it('asks the ledger again for a bid the read does not cover: a refusal is only given on a fresh read', () => {
    expect(reusableBalance(seen, 5_001, seen.at + 1)).toBeNull();
  });

  it('asks the ledger again once the read is old, without one, or when the clock went back', () => {
    expect(reusableBalance(seen, 1, seen.at + BALANCE_REUSE_MS)).toBeNull();
    expect(reusableBalance(undefined, 1, seen.at)).toBeNull();
    expect(reusableBalance(seen, 1, seen.at - 1)).toBeNull();
  });
});
