import { describe, expect, it } from 'vitest';
import {
  claimSnapshot,
  CLOCK_SKEW_MS,
  deliveredToBuyer,
  trackingProblem,
} from '../../../../functions/core/orders/parcel-evidence';
import { aDeliveredParcel, aFundedOrder, aParcel, aScan, aShippedOrder, NOW, place } from './order-fakes';

const N = '794600000001';
const FUNDED = aFundedOrder().fundedAt!;
const at = (msFromFunding: number) => new Date(Date.parse(FUNDED) + msFromFunding).toISOString();
const MIN = 60_000;

describe('a tracking number the seller enters', () => {
  const order = aFundedOrder();

  it('passes for a parcel going to the buyer whose ship date, pickup and scans all follow the funding', () => {
    const parcel = aParcel(N, {
      shipDate: '2026-11-24T06:00:00.000Z', // that day's midnight, US Central time
      pickedUpAt: at(30 * MIN),
      events: [aScan(at(40 * MIN)), aScan(at(5 * MIN), 'pending')],
    });
    expect(trackingProblem(parcel, order)).toBeNull();
  });

  it('refuses a parcel already delivered, even to the buyer and even without a delivery time', () => {
    for (const parcel of [
      aDeliveredParcel(N),
      aDeliveredParcel(N, { deliveredAt: null }),
      aParcel(N, { deliveredAt: at(MIN) }),
    ]) {
      expect(trackingProblem(parcel, order)).toMatchObject({ status: 409, code: 'tracking_delivered' });
    }
  });

  it('refuses a parcel whose first scan, pickup or ship date came before the funding', () => {
    const early = [
      aParcel(N, { events: [aScan(at(2 * MIN)), aScan(at(-CLOCK_SKEW_MS - 1_000), 'pending')] }),
      aParcel(N, { pickedUpAt: at(-CLOCK_SKEW_MS - 1_000) }),
      aParcel(N, { shipDate: '2026-11-23T06:00:00.000Z' }), // the day before, ended before the funding
    ];
    for (const parcel of early) {
      expect(trackingProblem(parcel, order)).toMatchObject({ status: 409, code: 'tracking_predates_order' });
    }
  });

  it("allows the carrier's clock to run a little behind ours", () => {
    const parcel = aParcel(N, { pickedUpAt: at(-CLOCK_SKEW_MS + 1_000), events: [aScan(at(-CLOCK_SKEW_MS + 1_000))] });
    expect(trackingProblem(parcel, order)).toBeNull();
  });

  it('counts from the creation of an order recorded before fundedAt existed', () => {
    const legacy = aFundedOrder({ fundedAt: null });
    expect(trackingProblem(aParcel(N, { events: [aScan(at(-CLOCK_SKEW_MS - 1_000))] }), legacy)).toMatchObject({
      code: 'tracking_predates_order',
    });
  });
});

describe('the release rule', () => {
  const claimed = aShippedOrder('O1', N, {
    shipment: {
      ...aShippedOrder('O1', N).shipment,
      claim: { at: NOW.toISOString(), lastScanAt: '2026-11-24T09:59:00.000Z', scanCount: 1 },
    },
  });

  it('releases on a delivery after funding and claim, with a scan the claim had not seen', () => {
    expect(deliveredToBuyer(aDeliveredParcel(N), claimed)).toBe('2026-11-26T15:00:00.000Z');
  });

  it('does not release a delivery that came before the claim or the funding', () => {
    const before = '2026-11-24T09:30:00.000Z';
    const parcel = aDeliveredParcel(N, { deliveredAt: before, events: [aScan(before, 'delivered'), aScan(before)] });
    expect(deliveredToBuyer(parcel, claimed)).toBeNull();
    const fundedLater = { ...claimed, fundedAt: '2026-11-27T00:00:00.000Z' };
    expect(deliveredToBuyer(aDeliveredParcel(N), fundedLater)).toBeNull();
  });

  it('does not release when the carrier shows nothing new since the claim', () => {
    const sameScans = aDeliveredParcel(N, { events: [aScan('2026-11-24T09:59:00.000Z')] });
    expect(deliveredToBuyer(sameScans, claimed)).toBeNull();
    const noScans = aDeliveredParcel(N, { events: [] });
    expect(deliveredToBuyer(noScans, claimed)).toBeNull();
  });

  it('takes a delivery in the same second as the claim (carrier times are whole seconds)', () => {
    const order = aShippedOrder('O1', N, {
      shipment: {
        ...claimed.shipment,
        claim: { at: '2026-11-25T10:00:00.750Z', lastScanAt: null, scanCount: 0 },
      },
    });
    const parcel = aDeliveredParcel(N, {
      deliveredAt: '2026-11-25T10:00:00.000Z',
      events: [aScan('2026-11-25T10:00:00.000Z', 'delivered')],
    });
    expect(deliveredToBuyer(parcel, order)).toBe('2026-11-25T10:00:00.000Z');
  });

  it('holds an order shipped before claims were recorded to a delivery after it was marked shipped', () => {
    const legacy = aShippedOrder('O1', N, { shipment: { ...claimed.shipment, claim: null } });
    expect(deliveredToBuyer(aDeliveredParcel(N), legacy)).toBe('2026-11-26T15:00:00.000Z');
    const early = aDeliveredParcel(N, { deliveredAt: '2026-11-24T09:00:00.000Z' });
    expect(deliveredToBuyer(early, legacy)).toBeNull();
  });

  it('never releases at another ZIP or on a return, whatever the times', () => {
    expect(deliveredToBuyer(aDeliveredParcel(N, {}, '10001'), claimed)).toBeNull();
    expect(deliveredToBuyer(aDeliveredParcel(N, { returnedToShipper: true }), claimed)).toBeNull();
    expect(deliveredToBuyer(aDeliveredParcel(N, { deliveredTo: place(null), destination: null }), claimed)).toBeNull();
  });
});

describe('the snapshot at the claim', () => {
  it('keeps the newest scan time and the number of scans', () => {
    const parcel = aParcel(N, { events: [aScan('2026-11-24T11:00:00.000Z'), aScan('2026-11-24T10:30:00.000Z')] });
    expect(claimSnapshot(parcel, NOW.toISOString())).toEqual({
      at: NOW.toISOString(),
      lastScanAt: '2026-11-24T11:00:00.000Z',
      scanCount: 2,
    });
    expect(claimSnapshot(aParcel(N), NOW.toISOString())).toEqual({
      at: NOW.toISOString(),
      lastScanAt: null,
      scanCount: 0,
    });
  });
});
