import { describe, expect, it } from 'vitest';
import type { SaleListing } from '../../../../functions/core/cart/sale-listing';
import {
  calculatedPackages,
  groupForShipping,
  groupLines,
  orderShipping,
  priceGroup,
} from '../../../../functions/core/orders/checkout';
import { allowedPickupSellers } from '../../../../functions/core/orders/pickup-choice';
import { pickupOffered, sellersOfferingPickup } from '../../../../shared/domain/pickup-choice';

const NOW = new Date('2026-11-24T10:00:00Z');

const listing = (over: Partial<SaleListing>): SaleListing => ({
  listingId: 'L1',
  sellerId: 'S1',
  sellerUsername: 'sam',
  title: 'Lamp',
  listingType: 'fixed',
  status: 'active',
  priceCents: 2_000,
  shippingType: 'flat',
  shippingCostCents: 500,
  location: { zipCode: '78701' },
  quantity: 5,
  quantitySold: 0,
  quantityReserved: 0,
  version: 1,
  ...over,
});

const lamp = listing({ listingId: 'LAMP', localPickup: true });
const desk = listing({ listingId: 'DESK', title: 'Desk', shippingType: 'calculated', shippingCostCents: undefined });
const chair = listing({ listingId: 'CHAIR', title: 'Chair', shippingType: 'calculated', localPickup: true });
const vase = listing({ listingId: 'VASE', sellerId: 'S2', sellerUsername: 'val', shippingType: 'local' });
const item = (l: SaleListing, quantity = 1) => ({ listing: l, quantity, unitPriceCents: l.priceCents! });
const SHIP_TO = {
  fullName: 'Bo',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};

describe('local pickup as the buyer’s choice', () => {
  it('is offered by pickup-only listings and by shipped ones with Also Offer Local Pickup, never otherwise', () => {
    expect(pickupOffered({ shippingType: 'local' })).toBe(true);
    expect(pickupOffered({ shippingType: 'flat', localPickup: true })).toBe(true);
    expect(pickupOffered({ shippingType: 'calculated', localPickup: true })).toBe(true);
    expect(pickupOffered({ shippingType: 'calculated' })).toBe(false);
    expect(pickupOffered({ shippingType: 'free', localPickup: true })).toBe(false);
  });

  it('is a choice for a seller only when every line of theirs offers it and some would ship', () => {
    expect(sellersOfferingPickup([lamp, chair, vase])).toEqual(['S1']);
    expect(sellersOfferingPickup([lamp, desk])).toEqual([]);
    expect(sellersOfferingPickup([vase])).toEqual([]);
  });

  it('is allowed by the server only for sellers with lines in the cart that all offer it', () => {
    expect([...allowedPickupSellers([item(lamp), item(chair), item(vase)], ['S1', 'S2'])]).toEqual(['S1', 'S2']);
    expect(() => allowedPickupSellers([item(lamp), item(desk)], ['S1'])).toThrow(
      expect.objectContaining({
        status: 409,
        code: 'pickup_not_offered',
        message: 'Local pickup is not offered for Desk. Choose shipping for the items from sam to continue.',
      }),
    );
    expect(() => allowedPickupSellers([item(lamp)], ['S9'])).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('makes the seller’s lines one pickup order: no flat or calculated shipping, no address, nothing to quote', () => {
    const shipped = groupLines([item(lamp, 2), item(chair)]);
    expect(shipped.map((g) => g.fulfilment)).toEqual(['ship']);
    expect(priceGroup(shipped[0]!, null)).toMatchObject({ itemsCents: 6_000, shippingCents: 1_000 });
    expect(calculatedPackages(shipped)).toEqual([{ sellerId: 'S1', fromZip: '78701', units: 1 }]);

    const [pickup, ...rest] = groupLines([item(lamp, 2), item(chair)], new Set(['S1']));
    expect(rest).toEqual([]);
    const priced = priceGroup(pickup!, null);
    expect(priced).toMatchObject({ fulfilment: 'pickup', itemsCents: 6_000, shippingCents: 0, totalCents: 6_000 });
    expect(pickup!.lines.map((l) => [l.shippingCents, l.calculated])).toEqual([
      [0, false],
      [0, false],
    ]);
    expect(calculatedPackages([pickup!])).toEqual([]);
    expect(orderShipping(priced, SHIP_TO)).toMatchObject({ fulfilment: 'pickup', shipTo: null, calculatedCents: 0 });
  });

  it('quotes shipping for the cart as it will be grouped, the collected sellers left out', () => {
    const cart = [
      { listingId: 'CHAIR', quantity: 1 },
      { listingId: 'DESK', quantity: 1 },
    ];
    const other = { ...desk, sellerId: 'S3' };
    expect(calculatedPackages(groupForShipping(cart, [chair, other], NOW, ['S1']))).toEqual([
      { sellerId: 'S3', fromZip: '78701', units: 1 },
    ]);
    expect(() => groupForShipping(cart, [chair, desk], NOW, ['S1'])).toThrow(
      expect.objectContaining({ code: 'pickup_not_offered' }),
    );
  });
});
