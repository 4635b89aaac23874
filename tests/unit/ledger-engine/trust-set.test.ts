import { describe, expect, it } from 'vitest';
import { hashes } from 'xrpl';
import { RIPPLE_STATE_FLAGS as RS } from '../../../infra/local/ledger/engine';
import { isLowAccount } from '../../../infra/local/ledger/engine/amounts';
import { Harness, RLUSD, XRP, affected, signUnchecked, wallet } from './engine-harness';

const issuer = wallet(20);
const holders = [wallet(21), wallet(22), wallet(23), wallet(24)];
const trust = (value: string, extra: Record<string, unknown> = {}) => ({
  TransactionType: 'TrustSet',
  LimitAmount: { currency: RLUSD, issuer: issuer.address, value },
  ...extra,
});

function ledger(issuerDefaultRipple = true): Harness {
  const h = new Harness([{ wallet: issuer, xrp: 1000n }, ...holders.map((w) => ({ wallet: w, xrp: 100n }))]);
  if (issuerDefaultRipple) h.expect(issuer, { TransactionType: 'AccountSet', SetFlag: 8 }, 'tesSUCCESS');
  return h;
}

describe('TrustSet', () => {
  it('creates the RippleState with rippled ordering, balance convention, reserve and NoRipple flags', () => {
    // Find one holder on each side of the issuer so both orderings are exercised.
    const low = holders.find((w) => isLowAccount(w.address, issuer.address));
    const high = holders.find((w) => !isLowAccount(w.address, issuer.address));
    expect(low && high).toBeTruthy();
    for (const holder of [low!, high!]) {
      const h = ledger();
      const result = h.expect(holder, trust('500'), 'tesSUCCESS');
      const index = hashes.hashTrustline(holder.address, issuer.address, RLUSD);
      const line = h.state.get(index)!;
      const holderIsLow = holder === low;
      expect(line.LowLimit).toEqual({
        currency: RLUSD,
        issuer: holderIsLow ? holder.address : issuer.address,
        value: holderIsLow ? '500' : '0',
      });
      expect(line.HighLimit).toEqual({
        currency: RLUSD,
        issuer: holderIsLow ? issuer.address : holder.address,
        value: holderIsLow ? '0' : '500',
      });
      expect(line.Balance).toEqual({ currency: RLUSD, issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji', value: '0' });
      expect(line.Flags).toBe(holderIsLow ? RS.lsfLowReserve : RS.lsfHighReserve);
      expect(h.root(holder.address).OwnerCount).toBe(1);
      expect(h.root(issuer.address).OwnerCount).toBe(0);
      expect(affected(result, 'CreatedNode', index)?.LedgerEntryType).toBe('RippleState');
      // The issuer's AccountRoot is threaded (rippled lists it as modified).
      expect(affected(result, 'ModifiedNode', h.root(issuer.address).index)).toBeDefined();

      // Tokens issued: the balance is positive when the low side holds them.
      h.expect(
        issuer,
        {
          TransactionType: 'Payment',
          Destination: holder.address,
          Amount: { currency: RLUSD, issuer: issuer.address, value: '7' },
        },
        'tesSUCCESS',
      );
      expect((h.state.get(index)!.Balance as { value: string }).value).toBe(holderIsLow ? '7' : '-7');
    }
  });

  it("sets NoRipple on the issuer's side when the issuer lacks DefaultRipple", () => {
    const h = ledger(false);
    const holder = holders[0]!;
    h.expect(holder, trust('5'), 'tesSUCCESS');
    const line = h.state.get(hashes.hashTrustline(holder.address, issuer.address, RLUSD))!;
    const holderIsLow = isLowAccount(holder.address, issuer.address);
    expect(Number(line.Flags) & (holderIsLow ? RS.lsfHighNoRipple : RS.lsfLowNoRipple)).not.toBe(0);
  });

  it('changes the limit in place and deletes the line (releasing the reserve) when back to default', () => {
    const h = ledger();
    const holder = holders[0]!;
    const index = hashes.hashTrustline(holder.address, issuer.address, RLUSD);
    h.expect(holder, trust('5'), 'tesSUCCESS');
    h.expect(holder, trust('9.5'), 'tesSUCCESS');
    const line = h.state.get(index)!;
    const side = isLowAccount(holder.address, issuer.address) ? 'LowLimit' : 'HighLimit';
    expect((line[side] as { value: string }).value).toBe('9.5');
    expect(h.root(holder.address).OwnerCount).toBe(1);
    // A holder without DefaultRipple is at default only with NoRipple set (rippled's rule).
    const removed = h.expect(holder, trust('0', { Flags: 0x00020000 }), 'tesSUCCESS');
    expect(h.state.get(index)).toBeUndefined();
    expect(h.root(holder.address).OwnerCount).toBe(0);
    expect(affected(removed, 'DeletedNode', index)).toBeDefined();
  });

  it('keeps a line that still holds tokens when the limit goes to zero', () => {
    const h = ledger();
    const holder = holders[0]!;
    h.expect(holder, trust('5'), 'tesSUCCESS');
    h.expect(
      issuer,
      {
        TransactionType: 'Payment',
        Destination: holder.address,
        Amount: { currency: RLUSD, issuer: issuer.address, value: '3' },
      },
      'tesSUCCESS',
    );
    h.expect(holder, trust('0', { Flags: 0x00020000 }), 'tesSUCCESS');
    expect(h.tokens(holder.address, issuer.address)).toBe('3');
    expect(h.root(holder.address).OwnerCount).toBe(1);
  });

  it('tecNO_DST when the issuer account does not exist', () => {
    const h = new Harness([{ wallet: holders[0]!, xrp: 100n }]);
    h.expect(holders[0]!, trust('5'), 'tecNO_DST');
  });

  it('tefNO_AUTH_REQUIRED for tfSetfAuth (RequireAuth is never set here), temDISABLED for freezes', () => {
    const h = ledger();
    h.expect(holders[0]!, trust('5', { Flags: 0x00010000 }), 'tefNO_AUTH_REQUIRED');
    h.expect(holders[0]!, trust('5', { Flags: 0x00100000 }), 'temDISABLED');
  });

  it('tecNO_LINE_REDUNDANT for a zero limit on a missing line', () => {
    const h = ledger();
    h.expect(holders[0]!, trust('0'), 'tecNO_LINE_REDUNDANT');
  });

  it('tecNO_LINE_INSUF_RESERVE past the two free lines when XRP cannot cover the reserve', () => {
    const other = wallet(25);
    const third = wallet(26);
    const poor = holders[0]!;
    const h = new Harness([
      { wallet: issuer, xrp: 100n },
      { wallet: other, xrp: 100n },
      { wallet: third, xrp: 100n },
      { wallet: poor, xrp: 1n },
    ]);
    const line = (to: string) => ({
      TransactionType: 'TrustSet',
      LimitAmount: { currency: RLUSD, issuer: to, value: '1' },
    });
    h.expect(poor, line(issuer.address), 'tesSUCCESS');
    h.expect(poor, line(other.address), 'tesSUCCESS');
    h.expect(poor, line(third.address), 'tecNO_LINE_INSUF_RESERVE');
    expect(h.root(poor.address).OwnerCount).toBe(2);
    h.expect(other, { TransactionType: 'Payment', Destination: poor.address, Amount: String(2n * XRP) }, 'tesSUCCESS');
    h.expect(poor, line(third.address), 'tesSUCCESS');
  });

  it('temBAD_LIMIT for a negative limit, temDST_IS_SRC to itself, temBAD_CURRENCY for XRP', () => {
    const h = ledger();
    const holder = holders[0]!;
    const base = { Account: holder.address, Fee: '10', Sequence: Number(h.root(holder.address).Sequence) };
    expect(h.apply(signUnchecked(holder, { ...trust('-1'), ...base })).engine_result).toBe('temBAD_LIMIT');
    h.expect(issuer, trust('5'), 'temDST_IS_SRC');
    const xrpToken = {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'XRP', issuer: issuer.address, value: '1' },
    };
    expect(h.apply(signUnchecked(holder, { ...xrpToken, ...base })).engine_result).toBe('temBAD_CURRENCY');
  });
});
