import { describe, expect, it, vi, type Mock } from 'vitest';
import {
  getListingShippingEstimate,
  listingPackage,
  preferredRate,
  type GetListingShippingEstimateDeps,
} from '../../../../functions/core/listings/get-listing-shipping-estimate';
import type { FullListing } from '../../../../functions/core/listings/get-listing';
import type { RateQuote, RateRequest } from '../../../../functions/core/shipping/carrier-port';
import { CarrierError } from '../../../../functions/core/shipping/carrier-error';
import type { PostalAddress } from '../../../../shared/domain/address';

const rate = (serviceType: string, amountCents: number): RateQuote => ({
  serviceType,
  serviceName: serviceType.replaceAll('_', ' '),
  amountCents,
  transitDays: 3,
  deliveryDay: null,
  deliveryDate: null,
});

const listing: FullListing = {
  listingId: 'L1',
  sellerId: 's',
  sellerUsername: 'sam',
  title: 'Lamp',
  description: 'Brass.',
  category: 'Home & Garden',
  condition: 'good',
  listingType: 'fixed',
  priceCents: 1000,
  shippingType: 'calculated',
  status: 'active',
  sortPriceCents: 1000,
  createdAt: '2026-01-01T00:00:00Z',
  location: { zipCode: '78701', city: 'Austin', state: 'TX' },
};
const home: PostalAddress = {
  country: 'US',
  street: '1 Main St',
  city: 'Denver',
  state: 'CO',
  postalCode: '80202-1234',
};

function deps(
  l: FullListing | null,
  address: PostalAddress | undefined,
  quote: (r: RateRequest) => Promise<RateQuote[]>,
): GetListingShippingEstimateDeps & {
  onCarrierError: Mock<(error: unknown) => void>;
  quoteRates: Mock<(r: RateRequest) => Promise<RateQuote[]>>;
} {
  const quoteRates = vi.fn(quote);
  return {
    listings: { full: async () => l },
    profiles: { get: async () => (address ? { addressParts: address } : null) },
    carrier: { quoteRates },
    quoteRates,
    onCarrierError: vi.fn<(error: unknown) => void>(),
  };
}

describe('the listing page shipping estimate (spec part 1, decision 051)', () => {
  it("quotes one unit from the seller's ZIP to the viewer's saved ZIP and prefers a Ground service", async () => {
    const d = deps(listing, home, async () => [rate('FEDEX_EXPRESS_SAVER', 700), rate('FEDEX_GROUND', 1234)]);
    expect(await getListingShippingEstimate('L1', 'viewer', d)).toEqual({
      costCents: 1234,
      source: 'carrier',
      serviceName: 'FEDEX GROUND',
      fromZip: '78701',
      toZip: '80202',
      toDefaultZip: false,
    });
    expect(d.quoteRates).toHaveBeenCalledWith(
      expect.objectContaining({
        fromZip: '78701',
        toZip: '80202',
        toState: 'CO',
        packages: [{ weightLb: 1, lengthIn: 8, widthIn: 6, heightIn: 4 }],
      }),
    );
    expect(d.onCarrierError).not.toHaveBeenCalled();
  });

  it('takes the first (cheapest) rate when no service is Ground', () => {
    expect(preferredRate([rate('FEDEX_2_DAY', 2000), rate('STANDARD_OVERNIGHT', 5000)])?.serviceType).toBe(
      'FEDEX_2_DAY',
    );
    expect(preferredRate([rate('FEDEX_2_DAY', 2000), rate('GROUND_HOME_DELIVERY', 2400)])?.serviceType).toBe(
      'GROUND_HOME_DELIVERY',
    );
    expect(preferredRate([])).toBeNull();
  });

  it("ships in the listing's own package when it has one, else 1 lb in 8 x 6 x 4 in", () => {
    expect(listingPackage({ weightLbs: 3.5, dimensions: { length: 20, width: 10, height: 5 } })).toEqual({
      weightLb: 3.5,
      lengthIn: 20,
      widthIn: 10,
      heightIn: 5,
    });
    expect(listingPackage({ weightLbs: 2, dimensions: { length: 20 } })).toEqual({
      weightLb: 2,
      lengthIn: 8,
      widthIn: 6,
      heightIn: 4,
    });
    expect(listingPackage({})).toEqual({ weightLb: 1, lengthIn: 8, widthIn: 6, heightIn: 4 });
  });

  it('estimates to the default ZIP 90210 for a viewer with no saved US ZIP, and says so', async () => {
    for (const address of [undefined, { ...home, country: 'CA' as const, postalCode: 'M5V 2T6' }]) {
      const d = deps(listing, address, async () => [rate('FEDEX_GROUND', 1500)]);
      expect(await getListingShippingEstimate('L1', 'viewer', d)).toMatchObject({
        costCents: 1500,
        toZip: '90210',
        toDefaultZip: true,
      });
      expect(d.quoteRates.mock.calls[0]![0]).not.toHaveProperty('toState');
    }
  });

  it('falls back to $8.99 when the carrier fails or offers nothing, and reports why', async () => {
    const failures: (() => Promise<RateQuote[]>)[] = [
      async () => Promise.reject(new CarrierError('unavailable', 'The carrier is unavailable')),
      async () => Promise.reject(new CarrierError('refused', 'Bad ZIP', 'COUNTRY.POSTALCODEORZIP.INVALID')),
      async () => [],
    ];
    for (const fail of failures) {
      const d = deps(listing, home, fail);
      expect(await getListingShippingEstimate('L1', 'viewer', d)).toEqual({
        costCents: 899,
        source: 'fallback',
        serviceName: null,
        fromZip: '78701',
        toZip: '80202',
        toDefaultZip: false,
      });
      expect(d.onCarrierError).toHaveBeenCalledTimes(1);
    }
  });

  it('is refused for a listing not shown, not on calculated shipping, or whose seller location has no ZIP', async () => {
    const quote = async () => [rate('FEDEX_GROUND', 1)];
    await expect(getListingShippingEstimate('L1', 'v', deps(null, home, quote))).rejects.toMatchObject({
      status: 404,
      message: 'Listing not found',
    });
    await expect(
      getListingShippingEstimate('L1', 'v', deps({ ...listing, status: 'deleted' }, home, quote)),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      getListingShippingEstimate('L1', 'v', deps({ ...listing, shippingType: 'flat' }, home, quote)),
    ).rejects.toMatchObject({ status: 409, code: 'not_calculated_shipping' });
    await expect(
      getListingShippingEstimate(
        'L1',
        'v',
        deps({ ...listing, location: { zipCode: '', city: 'Austin', state: 'TX' } }, home, quote),
      ),
    ).rejects.toMatchObject({ status: 409, code: 'no_seller_zip' });
  });
});
