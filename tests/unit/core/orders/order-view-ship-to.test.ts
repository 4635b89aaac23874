import { describe, expect, it } from 'vitest';
import { toOrderView } from '../../../../functions/core/orders/order-view';
import type { ShipTo } from '../../../../functions/core/orders/order';
import { anOrder } from '../../../fixtures/order-record';
import { DEFAULT_PROTECTION } from '../../../../functions/core/orders/protection';

const SHIP_TO: ShipTo = {
  fullName: 'Bea Buyer',
  street: '1 Main St',
  city: 'Los Angeles',
  state: 'CA',
  postalCode: '90001',
  country: 'US',
};
const links = {
  mediaUrl: (k: string) => `/media/${k}`,
  transactionUrl: (h: string) => `/tx/${h}`,
  protection: DEFAULT_PROTECTION,
};
const unpaid = anOrder({ shipping: { ...anOrder().shipping, shipTo: SHIP_TO } });

describe('the ship-to address in an order view (decision 041)', () => {
  it.each(['awaiting_signature', 'submitting', 'cancelled'] as const)(
    'is hidden from the seller while the order is %s (never funded)',
    (status) => {
      const view = toOrderView({ ...unpaid, status }, 'S', links);
      expect(view.role).toBe('seller');
      expect(view.shipTo).toBeNull();
      expect(JSON.stringify(view)).not.toContain('1 Main St');
    },
  );

  it('is shown to the seller once the escrow is funded, and stays after (shipped, refunded)', () => {
    for (const status of ['funded', 'shipped', 'refunded'] as const) {
      const view = toOrderView({ ...unpaid, status, fundedAt: '2026-11-24T10:03:00.000Z' }, 'S', links);
      expect(view.shipTo).toEqual(SHIP_TO);
    }
  });

  it('is always shown to the buyer, their own address', () => {
    expect(toOrderView(unpaid, 'B', links).shipTo).toEqual(SHIP_TO);
  });
});
