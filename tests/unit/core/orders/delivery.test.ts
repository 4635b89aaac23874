import { describe, expect, it } from 'vitest';
import { checkDeliveries } from '../../../../functions/core/orders/check-deliveries';
import { checkParcels } from '../../../../functions/core/orders/delivery';
import { deliveredToBuyer } from '../../../../functions/core/orders/parcel-evidence';
import { DEFAULT_PROTECTION } from '../../../../functions/core/orders/protection';
import type { TrackResult } from '../../../../functions/core/shipping/carrier-port';
import { aDeliveredParcel, aFundedOrder, aParcel, aShippedOrder, place, world } from './order-fakes';

const DELIVERED_AT = aDeliveredParcel('N').deliveredAt!;
const n = (i: number) => `7946000${String(i).padStart(5, '0')}`;
/** No inspection period: a delivery releases at once. */
const AT_ONCE = { ...DEFAULT_PROTECTION, inspectionHours: 0 };
const AFTER_DELIVERY = new Date(Date.parse(DELIVERED_AT) + 3_600_000);
const shipped = (i: number) => aShippedOrder(`O${String(i).padStart(3, '0')}`, n(i));

describe("the release rule: delivered, with an actual time, at the buyer's ZIP, never a return", () => {
  const order = shipped(1);

  it("gives the delivery time of a parcel delivered at the buyer's ZIP", () => {
    expect(deliveredToBuyer(aDeliveredParcel(n(1)), order)).toBe(DELIVERED_AT);
    expect(deliveredToBuyer(aDeliveredParcel(n(1), {}, '90001-1234'), order)).toBe(DELIVERED_AT);
    expect(deliveredToBuyer(aDeliveredParcel(n(1), { deliveredTo: null }), order)).toBe(DELIVERED_AT);
  });

  it('gives nothing for any other answer', () => {
    const none: (TrackResult | undefined)[] = [
      undefined,
      { trackingNumber: n(1), found: false, code: 'TRACKING.TRACKINGNUMBER.NOTFOUND', message: '' },
      aParcel(n(1)),
      aParcel(n(1), { status: 'out_for_delivery' }),
      aDeliveredParcel(n(1), { deliveredAt: null }),
      aDeliveredParcel(n(1), {}, '10001'),
      aDeliveredParcel(n(1), { destination: place('10001'), deliveredTo: null }),
      aDeliveredParcel(n(1), { destination: null, deliveredTo: null }),
      aDeliveredParcel(n(1), { returnedToShipper: true }),
    ];
    for (const result of none) expect(deliveredToBuyer(result, order)).toBeNull();
  });

  it('releases nothing at a postal code that is not a US ZIP, even for a buyer in the ZIP other code defaults to', async () => {
    const inBeverlyHills = (order: ReturnType<typeof aShippedOrder>) => ({
      ...order,
      shipping: { ...order.shipping, shipTo: { ...order.shipping.shipTo!, postalCode: '90210' } },
    });
    const order = inBeverlyHills(aShippedOrder('O1', '794600000001'));
    const w = world([order], { parcels: [aDeliveredParcel('794600000001', { destination: null }, 'M5V 2T6')] });
    const run = await checkParcels([order], w.deps);
    expect(run).toMatchObject({ delivered: 0, released: 0 });
    expect(w.order('O1').status).toBe('shipped');
  });
});

describe('checking parcels', () => {
  it('asks the carrier about shipped parcels only, at most 30 numbers a call', async () => {
    const parcels = Array.from({ length: 65 }, (_, i) => shipped(i));
    const others = [
      aFundedOrder({ orderId: 'F1' }),
      aShippedOrder('R1', 'RELEASING', { status: 'releasing' }),
      aShippedOrder('S1', ''),
    ];
    const w = world([...parcels, ...others], { parcels: parcels.map((_, i) => aParcel(n(i))) });

    const run = await checkParcels([...others, ...parcels], w.deps);

    expect(run).toEqual({ checked: 65, carrierCalls: 3, delivered: 0, released: 0 });
    const calls = w.carrier.track.mock.calls.map(([numbers]) => numbers);
    expect(calls.map((numbers) => numbers.length)).toEqual([30, 30, 5]);
    expect(calls.flat()).toEqual(parcels.map((_, i) => n(i)));
  });

  it('marks only the parcel delivered to the buyer delivered, its release due when the inspection period ends', async () => {
    const orders = [1, 2, 3, 4, 5, 6].map(shipped);
    const w = world(orders, {
      parcels: [
        aDeliveredParcel(n(1)),
        aParcel(n(2)),
        aDeliveredParcel(n(3), { deliveredAt: null }),
        aDeliveredParcel(n(4), {}, '10001'),
        aDeliveredParcel(n(5), { returnedToShipper: true }),
        // n(6): a number the carrier does not know
      ],
    });

    expect(await checkParcels(orders, w.deps)).toEqual({ checked: 6, carrierCalls: 1, delivered: 1, released: 0 });

    expect(w.order('O001')).toMatchObject({
      status: 'delivered',
      releaseDueAt: new Date(Date.parse(DELIVERED_AT) + 48 * 3_600_000).toISOString(),
      shipment: { status: 'delivered', deliveredAt: DELIVERED_AT },
      settlement: null,
    });
    for (const id of ['O002', 'O003', 'O004', 'O005', 'O006']) {
      expect(w.order(id)).toMatchObject({ status: 'shipped', shipment: { status: 'shipped', deliveredAt: null } });
    }
    expect(w.ledger.submitAndWait).not.toHaveBeenCalled();
    expect(w.announced()).toEqual(['O001 delivered']);
  });

  it('releases at once when the inspection period is 0, or when the release deadline has already passed', async () => {
    const w = world([shipped(1)], { parcels: [aDeliveredParcel(n(1))], protection: AT_ONCE, now: AFTER_DELIVERY });
    expect(await checkParcels([shipped(1)], w.deps)).toMatchObject({ delivered: 1, released: 1 });
    expect(w.order('O001')).toMatchObject({
      status: 'completed',
      releaseReason: 'delivered',
      releaseDueAt: DELIVERED_AT,
    });

    // Delivered so late that CancelAfter minus the margin is already behind: no inspection is left to wait for.
    const late = { ...shipped(2), escrow: { ...shipped(2).escrow, cancelAfter: DELIVERED_AT } };
    const v = world([late], { parcels: [aDeliveredParcel(n(2))], now: AFTER_DELIVERY });
    expect(await checkParcels([late], v.deps)).toMatchObject({ delivered: 1, released: 1 });
    expect(v.order('O002').status).toBe('completed');
  });

  it('a webhook-triggered check and its duplicate release once', async () => {
    const w = world([shipped(1)], { parcels: [aDeliveredParcel(n(1))], protection: AT_ONCE, now: AFTER_DELIVERY });
    const viaWebhook = async () => checkParcels(await w.deps.byTracking([n(1)]), w.deps);

    expect(await viaWebhook()).toMatchObject({ checked: 1, released: 1 });
    expect(await viaWebhook()).toEqual({ checked: 0, carrierCalls: 0, delivered: 0, released: 0 });
    expect(w.ledger.submitAndWait).toHaveBeenCalledTimes(1);
    expect(w.announced()).toEqual(['O001 delivered', 'O001 completed']);
  });

  it('two deliveries of the same webhook at once release once', async () => {
    const w = world([shipped(1)], { parcels: [aDeliveredParcel(n(1))], protection: AT_ONCE, now: AFTER_DELIVERY });
    const read = await w.deps.byTracking([n(1)]);
    const runs = await Promise.all([checkParcels(read, w.deps), checkParcels(read, w.deps)]);
    expect(runs.map((r) => r.released).sort()).toEqual([0, 1]);
    expect(w.ledger.submitAndWait).toHaveBeenCalledTimes(1);
    expect(w.announced()).toEqual(['O001 delivered', 'O001 completed']);
  });

  it('leaves a release the ledger has not validated yet to the settlement schedule, without failing the run', async () => {
    const w = world([shipped(1), shipped(2)], {
      parcels: [aDeliveredParcel(n(1)), aDeliveredParcel(n(2))],
      protection: AT_ONCE,
      now: AFTER_DELIVERY,
    });
    w.ledger.answer('timeout');
    const run = await checkParcels([shipped(1), shipped(2)], w.deps);
    expect(run).toEqual({ checked: 2, carrierCalls: 1, delivered: 2, released: 1 });
    expect(w.order('O001')).toMatchObject({ status: 'releasing', settlement: { txid: 'TX1' } });
    expect(w.order('O002').status).toBe('completed');
    expect(w.log.warn).toHaveBeenCalledWith('release continues in the background', expect.anything());
  });
});

describe('the delivery schedule', () => {
  it('checks every shipped order a page at a time and sums the runs', async () => {
    const orders = [1, 2, 3, 4].map(shipped);
    const w = world(orders, {
      parcels: [aDeliveredParcel(n(1)), aParcel(n(2)), aDeliveredParcel(n(3)), aDeliveredParcel(n(4))],
      protection: AT_ONCE,
      now: AFTER_DELIVERY,
    });
    expect(await checkDeliveries(w.deps, 2)).toEqual({ checked: 4, carrierCalls: 2, delivered: 3, released: 3 });
    expect(orders.map((o) => w.order(o.orderId).status)).toEqual(['completed', 'shipped', 'completed', 'completed']);
  });
});
