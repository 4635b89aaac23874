import { describe, expect, it } from 'vitest';
import { ESCROW_SIGN_EXPIRE_MINUTES, signingMinutes } from '../../../../functions/core/orders/escrow-signing';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const endsIn = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const held = (ms: number) => ({ hold: { day: '2026-11-24', seconds: 900 }, reservationExpiresAt: endsIn(ms) });

describe("a wallet request within the checkout's hold (decision 041)", () => {
  it('gets the whole 5 minutes while the hold has room for them and the grace', () => {
    expect(signingMinutes(held(15 * 60_000), NOW)).toBe(ESCROW_SIGN_EXPIRE_MINUTES);
    expect(signingMinutes(held(7 * 60_000), NOW)).toBe(5);
  });

  it('ends, with its 2 minutes of grace, before the hold does', () => {
    expect(signingMinutes(held(6 * 60_000 + 59_000), NOW)).toBe(4);
    expect(signingMinutes(held(3 * 60_000), NOW)).toBe(1);
  });

  it('is refused when less than a minute would be left to sign', () => {
    expect(() => signingMinutes(held(3 * 60_000 - 1), NOW)).toThrow(
      expect.objectContaining({ status: 409, code: 'hold_ending' }),
    );
  });

  it("is not shortened for an auction's order, which holds nothing the buyer chose", () => {
    expect(signingMinutes({ reservationExpiresAt: endsIn(60_000) }, NOW)).toBe(ESCROW_SIGN_EXPIRE_MINUTES);
  });
});
