import { describe, expect, it, vi } from 'vitest';
import { carrierWebhook } from '../../../../functions/core/shipping/carrier-webhook';
import { UnauthorizedError } from '../../../../functions/lib/errors';
import { aDeliveredParcel, aShippedOrder, world } from '../orders/order-fakes';

const NUMBER = '794600000001';

describe("the carrier's tracking webhook", () => {
  it('refuses an unsigned request before anything else is built or asked', async () => {
    const delivery = vi.fn();
    await expect(
      carrierWebhook('{}', {}, [NUMBER], { signed: async () => false, delivery, wakeReturns: vi.fn() }),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(delivery).not.toHaveBeenCalled();
  });

  it('checks the signature on the raw body and headers as received', async () => {
    const signed = vi.fn(async () => false);
    const raw = new Uint8Array([1, 2, 3]);
    await expect(
      carrierWebhook(raw, { 'fdx-signature': 'S' }, [], { signed, delivery: vi.fn(), wakeReturns: vi.fn() }),
    ).rejects.toThrow('The webhook signature does not match');
    expect(signed).toHaveBeenCalledWith(raw, { 'fdx-signature': 'S' });
  });

  it('asks the carrier again about the parcels it names, once each, and marks the delivered ones', async () => {
    const w = world([aShippedOrder('O1', NUMBER)], { parcels: [aDeliveredParcel(NUMBER)] });
    const byTracking = vi.spyOn(w.deps, 'byTracking');
    const wakeReturns = vi.fn(async () => {});
    const run = await carrierWebhook('{}', {}, [NUMBER, NUMBER], {
      signed: async () => true,
      delivery: async () => w.deps,
      wakeReturns,
    });
    // A parcel sending a return back is followed at the returns schedule's next run (decision 054).
    expect(wakeReturns).toHaveBeenCalledWith([NUMBER]);
    expect(byTracking).toHaveBeenCalledWith([NUMBER]);
    // Released when the inspection period ends (decision 052), by the settlement schedule.
    expect(run).toMatchObject({ checked: 1, delivered: 1, released: 0 });
    expect(w.order('O1').status).toBe('delivered');
  });
});
