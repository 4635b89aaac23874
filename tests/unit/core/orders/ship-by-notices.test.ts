import { describe, expect, it } from 'vitest';
import { shipByNotices } from '../../../../functions/core/orders/ship-by-notices';
import { DEFAULT_PROTECTION, shipBy } from '../../../../functions/core/orders/protection';
import { aFundedOrder, aShippedOrder, world } from './order-fakes';

describe('the ship-by notice (decision 052)', () => {
  it('tells the seller once, from the start of the ship-by day, and never about a pickup or a shipped order', async () => {
    const toShip = aFundedOrder({ orderId: 'F1' });
    const day = shipBy(toShip, DEFAULT_PROTECTION)!;
    const dayStart = new Date(`${day}T00:00:00.000Z`);
    const pickup = aFundedOrder({ orderId: 'P1', shipping: { ...toShip.shipping, fulfilment: 'pickup' } });
    const w = world([toShip, pickup, aShippedOrder('S1', 'T1')], { now: new Date(dayStart.getTime() - 1) });

    expect(await shipByNotices(w.clock.at, w.deps)).toBe(0);
    w.clock.at = dayStart;
    expect(await shipByNotices(w.clock.at, w.deps)).toBe(1);
    expect(w.shipByEvents.shipByDue).toHaveBeenCalledWith(expect.objectContaining({ orderId: 'F1' }), day, dayStart);
    expect(await shipByNotices(w.clock.at, w.deps)).toBe(0);
    expect(w.order('F1').shipByNoticeAt).toBe(dayStart.toISOString());
  });
});
