import { describe, expect, it, vi } from 'vitest';
import { quoteShipping } from '../../../../functions/core/orders/shipping-options';
import type { RateQuote } from '../../../../functions/core/shipping/carrier-port';

const rate = (serviceType: string, amountCents: number, transitDays: number | null = 3): RateQuote => ({
  serviceType,
  serviceName: serviceType.replaceAll('_', ' '),
  amountCents,
  transitDays,
  deliveryDay: null,
  deliveryDate: null,
});
const to = { zip: '78701', state: 'TX', california: false };
const packages = [
  { sellerId: 'A', fromZip: '10001', units: 1 },
  { sellerId: 'B', fromZip: '94103', units: 3 },
];

describe('checkout shipping options (spec part 2 "Shipping rate estimation")', () => {
  it("quotes each seller's box (2 lb a unit, 12 x 12 x 6 in) and offers the services every box has, summed, cheapest first", async () => {
    const quoteRates = vi.fn(async (r: { fromZip: string }) =>
      r.fromZip === '10001'
        ? [rate('FEDEX_GROUND', 900), rate('FEDEX_2_DAY', 2500), rate('PRIORITY_OVERNIGHT', 6000)]
        : [rate('FEDEX_GROUND', 1400, 5), rate('FEDEX_2_DAY', 3100, 2)],
    );
    const quote = await quoteShipping(packages, to, { quoteRates });
    expect(quote.source).toBe('carrier');
    expect(quote.options.map((o) => [o.id, o.costCents])).toEqual([
      ['FEDEX_GROUND', 2300],
      ['FEDEX_2_DAY', 5600],
    ]);
    expect(quote.perSeller).toEqual({
      A: { FEDEX_GROUND: 900, FEDEX_2_DAY: 2500, PRIORITY_OVERNIGHT: 6000 },
      B: { FEDEX_GROUND: 1400, FEDEX_2_DAY: 3100 },
    });
    expect(quoteRates).toHaveBeenCalledWith(
      expect.objectContaining({
        fromZip: '94103',
        toZip: '78701',
        packages: [{ weightLb: 6, lengthIn: 12, widthIn: 12, heightIn: 6 }],
      }),
    );
  });

  it('falls back to the estimate when the carrier fails, and says why to the caller', async () => {
    const failed = vi.fn();
    const quote = await quoteShipping(
      packages,
      to,
      { quoteRates: async () => Promise.reject(new Error('down')) },
      failed,
    );
    expect(quote.source).toBe('estimated');
    expect(failed).toHaveBeenCalledWith(expect.any(Error));
    // Ground 8.99 + $0.50/lb for each box: 2 lb and 6 lb.
    expect(quote.options[0]).toMatchObject({ id: 'FEDEX_GROUND', costCents: 899 + 100 + 899 + 300 });
  });

  it('offers the standard $9.99 per box with no address or no seller ZIP, asking the carrier nothing', async () => {
    const quoteRates = vi.fn();
    const noAddress = await quoteShipping(packages, { zip: null, state: null, california: false }, { quoteRates });
    const noZip = await quoteShipping([{ sellerId: 'A', fromZip: null, units: 1 }], to, { quoteRates });
    expect(noAddress).toMatchObject({ source: 'standard', options: [{ id: 'STANDARD', costCents: 1998 }] });
    expect(noZip).toMatchObject({ source: 'standard', options: [{ id: 'STANDARD', costCents: 999 }] });
    expect(quoteRates).not.toHaveBeenCalled();
  });
});
