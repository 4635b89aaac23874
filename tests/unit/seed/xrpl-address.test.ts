import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  RIPPLE_ALPHABET,
  decodeAddress,
  encodeAccountId,
  isValidClassicAddress,
} from '../../../infra/local/seed/xrpl-address';
import { buildSellers } from '../../../infra/local/seed/build-sellers';

const hex = (h: string) => Buffer.from(h, 'hex');

describe('XRPL classic address helper', () => {
  it('matches well-known addresses', () => {
    // ACCOUNT_ZERO, ACCOUNT_ONE and the genesis account, as documented on xrpl.org.
    expect(encodeAccountId(Buffer.alloc(20))).toBe('rrrrrrrrrrrrrrrrrrrrrhoLvTp');
    expect(encodeAccountId(hex('0000000000000000000000000000000000000001'))).toBe('rrrrrrrrrrrrrrrrrrrrBZbvji');
    expect(encodeAccountId(hex('B5F762798A53D543A014CAF8B297CFF8F2F937E8'))).toBe('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
  });

  it('round-trips account ids and carries a double SHA-256 checksum', () => {
    for (let i = 0; i < 50; i++) {
      const id = createHash('sha256').update(`account ${i}`).digest().subarray(0, 20);
      const address = encodeAccountId(id);
      expect(address.startsWith('r')).toBe(true);
      expect(address.length).toBeGreaterThanOrEqual(25);
      expect(address.length).toBeLessThanOrEqual(35);
      expect([...address].every((ch) => RIPPLE_ALPHABET.includes(ch))).toBe(true);
      expect(decodeAddress(address).equals(id)).toBe(true);
    }
  });

  it('rejects a changed character, a foreign character and a wrong length', () => {
    const good = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
    expect(isValidClassicAddress(good)).toBe(true);
    const swapped = good.slice(0, 10) + (good[10] === 'r' ? 'p' : 'r') + good.slice(11);
    expect(isValidClassicAddress(swapped)).toBe(false);
    expect(isValidClassicAddress(good.replace('9', '0'))).toBe(false); // '0' is not in the alphabet
    expect(isValidClassicAddress(good.slice(0, -1))).toBe(false);
    expect(() => encodeAccountId(Buffer.alloc(19))).toThrow();
  });

  it('gives every demo seller a distinct valid wallet address', () => {
    const sellers = buildSellers(new Date('2026-03-01T12:00:00Z'));
    const addresses = sellers.map((s) => s.user.walletAddress);
    expect(new Set(addresses).size).toBe(sellers.length);
    for (const a of addresses) expect(isValidClassicAddress(a)).toBe(true);
    expect(sellers.every((s) => s.wallet.walletAddress === s.user.walletAddress)).toBe(true);
  });
});
