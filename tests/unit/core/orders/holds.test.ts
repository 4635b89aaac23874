import { describe, expect, it } from 'vitest';
import {
  DAILY_HOLD_SECONDS,
  holdFor,
  holdRelease,
  MAX_UNPAID_ORDERS,
  utcDay,
  type HoldState,
} from '../../../../functions/core/orders/holds';
import { AppError } from '../../../../functions/lib/errors';
import { anOrder } from '../../../fixtures/order-record';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const LAMP = { listingId: 'L1', title: 'Lamp' };
const VASE = { listingId: 'L2', title: 'Vase' };
const FIFTEEN = 15 * 60;

function state(open = 0, listings: Record<string, { cooldownUntil?: string; heldSeconds?: number }> = {}): HoldState {
  return {
    openUnpaid: open,
    listings: new Map(
      Object.entries(listings).map(([id, l]) => [
        id,
        { cooldownUntil: l.cooldownUntil ?? null, heldSeconds: l.heldSeconds ?? 0 },
      ]),
    ),
  };
}

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('holdFor: what a checkout may hold', () => {
  it('a fresh buyer holds for the whole reservation, charged to the UTC day of the checkout', () => {
    expect(holdFor(state(), [LAMP], 1, FIFTEEN, NOW)).toEqual({ day: '2026-11-24', seconds: FIFTEEN });
  });

  it(`allows up to ${MAX_UNPAID_ORDERS} unpaid orders, counting every order the checkout would make`, () => {
    expect(holdFor(state(2), [LAMP], 1, FIFTEEN, NOW).seconds).toBe(FIFTEEN);
    const fourth = refusal(() => holdFor(state(3), [LAMP], 1, FIFTEEN, NOW));
    expect(fourth).toMatchObject({ status: 409, code: 'unpaid_orders_limit' });
    expect(fourth.message).toBe(
      'You have 3 unpaid orders waiting for your signature; at most 3 can wait at once. ' +
        'Pay for or cancel one in My Activity before checking out again.',
    );
    // Two sellers make two orders: with two already open that is four.
    expect(refusal(() => holdFor(state(2), [LAMP, VASE], 2, FIFTEEN, NOW)).code).toBe('unpaid_orders_limit');
    expect(refusal(() => holdFor(state(1), [LAMP], 3, FIFTEEN, NOW)).message).toMatch(/^You have 1 unpaid order /);
  });

  it('refuses a listing in its cooldown, naming when it can be held again, and allows it from then on', () => {
    const cooling = state(0, { L2: { cooldownUntil: '2026-11-24T10:40:00.000Z' } });
    const refused = refusal(() => holdFor(cooling, [LAMP, VASE], 1, FIFTEEN, NOW));
    expect(refused).toMatchObject({ status: 409, code: 'hold_cooldown' });
    expect(refused.message).toBe(
      'Your last checkout of Vase ended unpaid, so it is not held for you again straight away. ' +
        'You can check it out again after 10:40 UTC.',
    );
    expect(holdFor(cooling, [LAMP, VASE], 1, FIFTEEN, new Date('2026-11-24T10:40:00.000Z')).seconds).toBe(FIFTEEN);
  });

  it("shortens the hold to what the day's budget leaves, and refuses once less than 4 minutes (time to sign) are left", () => {
    expect(holdFor(state(0, { L1: { heldSeconds: 200 } }), [LAMP, VASE], 1, FIFTEEN, NOW).seconds).toBe(700);
    expect(holdFor(state(0, { L1: { heldSeconds: DAILY_HOLD_SECONDS - 240 } }), [LAMP], 1, FIFTEEN, NOW).seconds).toBe(
      240,
    );
    const spent = refusal(() =>
      holdFor(state(0, { L1: { heldSeconds: DAILY_HOLD_SECONDS - 239 } }), [LAMP], 1, FIFTEEN, NOW),
    );
    expect(spent).toMatchObject({ status: 409, code: 'hold_budget_spent' });
    expect(spent.message).toBe(
      'You have already held Lamp for 15 minutes today without paying. You can check it out again after 00:00 UTC.',
    );
    // Over-spent (a wallet request's grace ran past the charge): still refused.
    expect(refusal(() => holdFor(state(0, { L1: { heldSeconds: 1_300 } }), [LAMP], 1, FIFTEEN, NOW)).code).toBe(
      'hold_budget_spent',
    );
  });

  it('names the unpaid-order limit before any listing refusal', () => {
    const both = state(3, { L1: { cooldownUntil: '2026-11-24T10:40:00.000Z', heldSeconds: FIFTEEN } });
    expect(refusal(() => holdFor(both, [LAMP], 1, FIFTEEN, NOW)).code).toBe('unpaid_orders_limit');
  });

  it('refuses a checkout too large to hold in one transaction, naming how many different items fit', () => {
    const many = (n: number, offers = 0) =>
      Array.from({ length: n }, (_, i) => ({
        listingId: `L${i}`,
        title: `Item ${i}`,
        ...(i < offers && { offerId: `O${i}` }),
      }));
    expect(holdFor(state(), many(48), 3, FIFTEEN, NOW).seconds).toBe(FIFTEEN);
    const big = refusal(() => holdFor(state(), many(49), 3, FIFTEEN, NOW));
    expect(big).toMatchObject({ status: 409, code: 'checkout_too_large' });
    expect(big.message).toBe(
      'Check out at most 48 different items at once. Remove some from your cart and buy them in a second checkout.',
    );
    expect(refusal(() => holdFor(state(), many(48, 2), 3, FIFTEEN, NOW)).message).toMatch(/^Check out at most 47 /);
    expect(holdFor(state(), many(48, 1), 1, FIFTEEN, NOW).seconds).toBe(FIFTEEN);
    // A pickup order's code is one more item of the same transaction.
    expect(refusal(() => holdFor(state(), many(48), 3, FIFTEEN, NOW, 2)).message).toMatch(/^Check out at most 47 /);
  });

  it('days are UTC calendar days', () => {
    expect(utcDay(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
    expect(utcDay(new Date('2026-11-25T00:00:00.000Z'))).toBe('2026-11-25');
  });
});

describe('holdRelease: how a hold ends', () => {
  const order = anOrder({ createdAt: '2026-11-24T10:00:00.000Z' });
  const charge = { day: '2026-11-24', seconds: FIFTEEN };

  it('paid: the whole charge goes back and nothing cools down', () => {
    expect(holdRelease(order, charge, 'funded', '2026-11-24T10:09:00.000Z')).toEqual({
      day: '2026-11-24',
      secondsDelta: -FIFTEEN,
      cooldownUntil: null,
    });
  });

  it('cancelled early: the unused time goes back, and the listing cools down for an hour from the cancel', () => {
    expect(holdRelease(order, charge, 'cancelled', '2026-11-24T10:03:00.000Z')).toEqual({
      day: '2026-11-24',
      secondsDelta: 180 - FIFTEEN,
      cooldownUntil: '2026-11-24T11:03:00.000Z',
    });
  });

  it('lapsed after a wallet request kept it longer: the extra time is charged to the checkout day', () => {
    expect(holdRelease(order, charge, 'cancelled', '2026-11-24T10:20:00.000Z')).toEqual({
      day: '2026-11-24',
      secondsDelta: 300,
      cooldownUntil: '2026-11-24T11:20:00.000Z',
    });
  });
});
