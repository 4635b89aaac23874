import { describe, expect, it } from 'vitest';
import { accountFlags, accountLine } from '../../../infra/local/ledger/engine';
import { Harness, RLUSD, wallet } from './engine-harness';

const issuer = wallet(60);
const holder = wallet(61);

describe('RPC views of ledger entries', () => {
  it("renders a trust line as account_lines does, from each side's point of view", () => {
    const h = new Harness([
      { wallet: issuer, xrp: 100n },
      { wallet: holder, xrp: 100n },
    ]);
    h.expect(
      holder,
      { TransactionType: 'TrustSet', LimitAmount: { currency: RLUSD, issuer: issuer.address, value: '500' } },
      'tesSUCCESS',
    );
    h.expect(
      issuer,
      {
        TransactionType: 'Payment',
        Destination: holder.address,
        Amount: { currency: RLUSD, issuer: issuer.address, value: '12.34' },
      },
      'tesSUCCESS',
    );
    const [line] = h.state.trustLines(holder.address);
    expect(accountLine(line!, holder.address)).toEqual({
      account: issuer.address,
      balance: '12.34',
      currency: RLUSD,
      limit: '500',
      limit_peer: '0',
      quality_in: 0,
      quality_out: 0,
      // The issuer lacks DefaultRipple, so its side got NoRipple.
      no_ripple_peer: true,
    });
    expect(accountLine(line!, issuer.address)).toEqual({
      account: holder.address,
      balance: '-12.34',
      currency: RLUSD,
      limit: '0',
      limit_peer: '500',
      quality_in: 0,
      quality_out: 0,
      no_ripple: true,
    });
  });

  it('renders account_flags from AccountRoot flags', () => {
    const h = new Harness([{ wallet: issuer, xrp: 100n }]);
    h.expect(issuer, { TransactionType: 'AccountSet', SetFlag: 8 }, 'tesSUCCESS');
    h.expect(issuer, { TransactionType: 'AccountSet', SetFlag: 17 }, 'tesSUCCESS');
    const flags = accountFlags(h.root(issuer.address));
    expect(flags.defaultRipple).toBe(true);
    expect(flags.allowTrustLineLocking).toBe(true);
    expect(
      Object.entries(flags)
        .filter(([, on]) => on)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['allowTrustLineLocking', 'defaultRipple']);
  });
});
