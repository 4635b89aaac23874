import { describe, expect, it } from 'vitest';
import { checkPlatformAccount } from '../../../functions/core/health/platform-account';
import type { RlusdLine } from '../../../functions/core/ledger/ports';

const ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const line = (over: Partial<RlusdLine> = {}): RlusdLine => ({
  balanceCents: 0,
  balance: '0',
  limitCents: 100_000_000,
  limit: '1000000',
  frozen: false,
  ...over,
});
const ledger = (l: RlusdLine | null) => ({ rlusdLine: async (a: string) => (a === ADDRESS ? l : null) });

describe('platform account health', () => {
  it('is ok with an RLUSD trust line that is not frozen', async () => {
    await expect(checkPlatformAccount(ledger(line()), ADDRESS)).resolves.toBeUndefined();
  });

  it('fails without a line (or an account) and with a frozen line, saying why', async () => {
    await expect(checkPlatformAccount(ledger(null), ADDRESS)).rejects.toThrow('no RLUSD trust line');
    await expect(checkPlatformAccount(ledger(line({ frozen: true })), ADDRESS)).rejects.toThrow('frozen');
  });
});
