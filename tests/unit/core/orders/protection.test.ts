import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROTECTION,
  releaseDeadline,
  releaseDueAt,
  shipBy,
  transitBusinessDays,
} from '../../../../functions/core/orders/protection';
import { aFundedOrder } from './order-fakes';

// A Saturday noon CancelAfter: the release deadline is 12 hours earlier, Saturday midnight.
const order = (estimatedDays: string | null, fulfilment: 'ship' | 'pickup' = 'ship') => {
  const base = aFundedOrder();
  return {
    ...base,
    escrow: { ...base.escrow, cancelAfter: '2026-12-05T12:00:00.000Z' },
    shipping: { ...base.shipping, fulfilment, estimatedDays },
  };
};

describe('buyer protection after delivery', () => {
  it('releases after the inspection period, never later than CancelAfter minus the margin', () => {
    const o = order('2 business days');
    expect(releaseDeadline(o, DEFAULT_PROTECTION)).toBe('2026-12-05T00:00:00.000Z');
    expect(releaseDueAt(o, '2026-12-01T09:30:00.000Z', DEFAULT_PROTECTION)).toBe('2026-12-03T09:30:00.000Z');
    expect(releaseDueAt(o, '2026-12-04T09:30:00.000Z', DEFAULT_PROTECTION)).toBe('2026-12-05T00:00:00.000Z');
    expect(releaseDueAt(o, '2026-12-01T09:30:00.000Z', { ...DEFAULT_PROTECTION, inspectionHours: 0 })).toBe(
      '2026-12-01T09:30:00.000Z',
    );
  });

  it("reads the service's transit estimate, and takes ground's longest when it gives none", () => {
    expect(transitBusinessDays('1 business day')).toBe(1);
    expect(transitBusinessDays('3 business days')).toBe(3);
    expect(transitBusinessDays('By 2026-12-03')).toBe(5);
    expect(transitBusinessDays('Varies')).toBe(5);
    expect(transitBusinessDays(null)).toBe(5);
  });

  it('gives the last day to ship so transit and inspection end by the release deadline, skipping weekends', () => {
    // Inspection starts by Thursday midnight at the latest; 2 business days back from it is Tuesday.
    expect(shipBy(order('2 business days'), DEFAULT_PROTECTION)).toBe('2026-12-01');
    // 1 business day: Wednesday. 5: the Thursday before.
    expect(shipBy(order('1 business day'), DEFAULT_PROTECTION)).toBe('2026-12-02');
    expect(shipBy(order(null), DEFAULT_PROTECTION)).toBe('2026-11-26');
    expect(shipBy(order('1 business day', 'pickup'), DEFAULT_PROTECTION)).toBeNull();
  });
});
