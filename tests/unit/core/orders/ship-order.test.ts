import { describe, expect, it } from 'vitest';
import { shipOrder } from '../../../../functions/core/orders/ship-order';
import {
  aDeliveredParcel,
  aFundedOrder,
  aParcel,
  aPickupOrder,
  aScan,
  aShippedOrder,
  NOW,
  place,
  world,
} from './order-fakes';

const ID = aFundedOrder().orderId;
const NUMBER = '794600000001';
const UNPAID = { cents: 113, basisPoints: 250, label: null, signing: null, txid: null, paidAt: null };

describe('shipping an order', () => {
  it('checks the trimmed tracking number with the carrier and records the parcel, claimed for this order', async () => {
    const w = world([aFundedOrder()], { parcels: [aParcel(NUMBER)] });
    await shipOrder('S', ID, `  ${NUMBER}\n`, w.deps);
    expect(w.carrier.track).toHaveBeenCalledWith([NUMBER]);
    expect(w.order()).toMatchObject({
      status: 'shipped',
      shipment: {
        status: 'shipped',
        trackingNumber: NUMBER,
        shippedAt: NOW.toISOString(),
        deliveredAt: null,
        estimatedDeliveryAt: '2026-11-27T18:00:00.000Z',
      },
    });
    expect(w.claims.get(NUMBER)).toBe(ID);
  });

  it("takes the buyer's ZIP in ZIP+4 form, and keeps the carrier's answer at the claim", async () => {
    const scan = aScan('2026-11-24T10:01:00.000Z', 'pending');
    const w = world([aFundedOrder()], {
      parcels: [aParcel(NUMBER, { destination: place('90001-4321'), events: [scan] })],
    });
    await shipOrder('S', ID, NUMBER, w.deps);
    expect(w.order()).toMatchObject({
      status: 'shipped',
      shipment: {
        proof: 'seller_tracking',
        claim: { at: NOW.toISOString(), lastScanAt: '2026-11-24T10:01:00.000Z', scanCount: 1 },
      },
    });
  });

  it('refuses a parcel already delivered, or one shipped before the buyer paid (the numbers of other parcels)', async () => {
    const early = aParcel(NUMBER, { events: [aScan('2026-11-24T09:00:00.000Z', 'pending')] });
    for (const [parcel, code] of [
      [aDeliveredParcel(NUMBER), 'tracking_delivered'],
      [early, 'tracking_predates_order'],
    ] as const) {
      const w = world([aFundedOrder()], { parcels: [parcel] });
      await expect(shipOrder('S', ID, NUMBER, w.deps)).rejects.toMatchObject({ status: 409, code });
      expect(w.order().status).toBe('funded');
      expect(w.claims.has(NUMBER)).toBe(false);
    }
  });

  it('needs a tracking number (400), asking the carrier nothing', async () => {
    const w = world([aFundedOrder()]);
    for (const blank of ['', '   ', '\t\n']) {
      await expect(shipOrder('S', ID, blank, w.deps)).rejects.toMatchObject({
        status: 400,
        message: 'Please enter a tracking number',
        fields: { trackingNumber: 'Required' },
      });
    }
    expect(w.carrier.track).not.toHaveBeenCalled();
  });

  it("waits for the platform fee: 409 'Platform Fee Required' until it is paid", async () => {
    for (const fee of [null, UNPAID]) {
      const w = world([aFundedOrder({ fee })], { parcels: [aParcel(NUMBER)] });
      await expect(shipOrder('S', ID, NUMBER, w.deps)).rejects.toMatchObject({
        status: 409,
        code: 'platform_fee_required',
        message: 'Platform Fee Required',
      });
      expect(w.carrier.track).not.toHaveBeenCalled();
      expect(w.order().status).toBe('funded');
    }
  });

  it("refuses a parcel the carrier does not know, one going back, or one not going to the buyer's ZIP", async () => {
    const cases = [
      [null, 'tracking_unknown'],
      [aParcel(NUMBER, { returnedToShipper: true }), 'tracking_returned'],
      [aParcel(NUMBER, { destination: place('10001') }), 'tracking_wrong_zip'],
      [aParcel(NUMBER, { destination: place(null) }), 'tracking_wrong_zip'],
      [aParcel(NUMBER, { destination: null }), 'tracking_wrong_zip'],
    ] as const;
    for (const [parcel, code] of cases) {
      const w = world([aFundedOrder()], { parcels: parcel ? [parcel] : [] });
      await expect(shipOrder('S', ID, NUMBER, w.deps)).rejects.toMatchObject({ status: 409, code });
      expect(w.order()).toMatchObject({ status: 'funded', shipment: { trackingNumber: null } });
      expect(w.claims.has(NUMBER)).toBe(false);
    }
  });

  it('refuses a tracking number another order claimed', async () => {
    const w = world([aFundedOrder(), aShippedOrder('O2', NUMBER)], { parcels: [aParcel(NUMBER)] });
    await expect(shipOrder('S', ID, NUMBER, w.deps)).rejects.toMatchObject({ status: 409, code: 'tracking_in_use' });
    expect(w.order().status).toBe('funded');
    expect(w.claims.get(NUMBER)).toBe('O2');
  });

  it('is not for a local pickup (409 wrong_fulfilment)', async () => {
    const w = world([aPickupOrder()], { parcels: [aParcel(NUMBER)] });
    await expect(shipOrder('S', ID, NUMBER, w.deps)).rejects.toMatchObject({
      status: 409,
      code: 'wrong_fulfilment',
      message: 'This order is a local pickup.',
    });
    expect(w.carrier.track).not.toHaveBeenCalled();
  });

  it('takes only a funded order, also when it changed while the carrier was asked (409 order_not_pending)', async () => {
    for (const status of ['shipped', 'releasing', 'completed', 'refunding', 'refunded'] as const) {
      const w = world([aFundedOrder({ status })], { parcels: [aParcel(NUMBER)] });
      await expect(shipOrder('S', ID, NUMBER, w.deps)).rejects.toMatchObject({
        status: 409,
        code: 'order_not_pending',
      });
    }
    const w = world([aFundedOrder()], { parcels: [aParcel(NUMBER)] });
    w.carrier.track.mockImplementationOnce(async (numbers) => {
      await w.repo.beginRefund(w.order(), 'funded', null, 'expired', NOW.toISOString());
      return numbers.map((n) => aParcel(n));
    });
    await expect(shipOrder('S', ID, NUMBER, w.deps)).rejects.toMatchObject({ status: 409, code: 'order_not_pending' });
    expect(w.order().status).toBe('refunding');
    expect(w.claims.has(NUMBER)).toBe(false);
  });

  it("is the seller's alone: the buyer is refused (403), anyone else finds no order (404)", async () => {
    const w = world([aFundedOrder()], { parcels: [aParcel(NUMBER)] });
    await expect(shipOrder('B', ID, NUMBER, w.deps)).rejects.toMatchObject({ status: 403 });
    await expect(shipOrder('X', ID, NUMBER, w.deps)).rejects.toMatchObject({ status: 404 });
    expect(w.order().status).toBe('funded');
  });

  it('refuses a parcel going to a postal code that is not a US ZIP (never the ZIP other code defaults to)', async () => {
    const funded = aFundedOrder();
    const inBeverlyHills = {
      ...funded,
      shipping: { ...funded.shipping, shipTo: { ...funded.shipping.shipTo!, postalCode: '90210' } },
    };
    const w = world([inBeverlyHills], { parcels: [aParcel('794600000001', { destination: place('M5V 2T6') })] });
    await expect(shipOrder('S', funded.orderId, '794600000001', w.deps)).rejects.toMatchObject({
      code: 'tracking_wrong_zip',
    });
  });
});
