import { describe, expect, it } from 'vitest';
import { dropsToXrpText } from '../../../shared/domain/money';
import { explorerAccountUrl, walletBalances } from '../../../functions/core/wallet/wallet-balances';

const address = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const issuer = 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De';

describe('wallet balances', () => {
  it('writes drops as exact XRP text', () => {
    expect(dropsToXrpText('0')).toBe('0');
    expect(dropsToXrpText('1')).toBe('0.000001');
    expect(dropsToXrpText('12500000')).toBe('12.5');
    expect(dropsToXrpText('100000000000000000')).toBe('100000000000');
  });

  it('lists RLUSD (with cents) before XRP, and nothing for an unfunded account', () => {
    const balances = walletBalances(
      {
        address,
        xrp: { totalDrops: '25000000', reserveDrops: '1200000', spendableDrops: '23800000' },
        rlusd: { balance: '12.345', balanceCents: 1234, limit: '1000000', limitCents: 100000000, frozen: false },
      },
      issuer,
    );
    expect(balances).toEqual([
      { currency: 'RLUSD', value: '12.345', cents: 1234, issuer },
      { currency: 'XRP', value: '25', cents: null, issuer: null },
    ]);
    expect(walletBalances(null, issuer)).toEqual([]);
  });

  it('links the explorer of the configured network', () => {
    expect(explorerAccountUrl('testnet', 'wss://s.altnet.rippletest.net:51233', address)).toBe(
      `https://testnet.xrpl.org/accounts/${address}`,
    );
    expect(explorerAccountUrl('mainnet', 'wss://xrplcluster.com', address)).toBe(
      `https://livenet.xrpl.org/accounts/${address}`,
    );
    expect(explorerAccountUrl('local', 'ws://127.0.0.1:6006', address)).toBe(
      `http://127.0.0.1:6006/explorer/accounts/${address}`,
    );
  });
});
