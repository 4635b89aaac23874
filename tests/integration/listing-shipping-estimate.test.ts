import { beforeAll, describe, expect, it } from 'vitest';
import { listingShippingEstimateSchema, type ListingShippingEstimate } from '../../shared/api/listings';
import { call } from './auth-support';
import { buyerAndSeller, listItem } from './checkout-support';
import { buyerProfile, signUp, type Account } from './route-support';

/**
 * The listing page's shipping estimate through the local gateway, rated by the carrier stand-in (FedEx's wire shapes):
 * spec part 1 business constants and decision 051.
 */
const FROM = '127.0.23.1';
let buyer: Account;
let seller: Account;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'shipest'));
  const denver = { country: 'US', street: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80202' };
  const saved = await call('PUT', '/api/me/profile', {
    token: buyer.token,
    from: FROM,
    body: { ...buyerProfile, address: denver },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 60_000);

const estimate = (listingId: string, token: string | undefined) =>
  call<ListingShippingEstimate>('GET', `/api/listings/${listingId}/shipping-estimate`, { token, from: FROM });

async function estimated(listingId: string, token: string): Promise<ListingShippingEstimate> {
  const r = await estimate(listingId, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return listingShippingEstimateSchema.parse(r.body);
}

describe('GET /api/listings/{id}/shipping-estimate', () => {
  it("quotes Ground from the seller's ZIP to the viewer's saved ZIP, in the listing's own package", async () => {
    const plain = await listItem(seller, { shippingType: 'calculated' });
    const heavy = await listItem(seller, {
      shippingType: 'calculated',
      weightLbs: 40,
      dimensions: { length: 24, width: 18, height: 18 },
    });
    const small = await estimated(plain, buyer.token);
    expect(small).toMatchObject({ source: 'carrier', fromZip: '78701', toZip: '80202', toDefaultZip: false });
    // To a home the ground service is GROUND_HOME_DELIVERY (FedEx Home Delivery): the preferred one.
    expect(small.serviceName).toMatch(/Ground|Home Delivery/);
    expect(Number.isInteger(small.costCents) && small.costCents > 0).toBe(true);
    const big = await estimated(heavy, buyer.token);
    expect(big.source).toBe('carrier');
    expect(big.costCents).toBeGreaterThan(small.costCents);
  });

  it('estimates to the default ZIP for a viewer with no saved address', async () => {
    const listingId = await listItem(seller, { shippingType: 'calculated' });
    const newcomer = await signUp(FROM, 'shipnew');
    expect(await estimated(listingId, newcomer.token)).toMatchObject({
      source: 'carrier',
      toZip: '90210',
      toDefaultZip: true,
    });
  });

  it('falls back to $8.99 when the carrier cannot quote (a ZIP it does not know)', async () => {
    const listingId = await listItem(seller, {
      shippingType: 'calculated',
      location: { zipCode: '00000', city: 'Nowhere', state: 'TX' },
    });
    expect(await estimated(listingId, buyer.token)).toEqual({
      costCents: 899,
      source: 'fallback',
      serviceName: null,
      fromZip: '00000',
      toZip: '80202',
      toDefaultZip: false,
    });
  });

  it('needs a session, a shown listing and calculated shipping', async () => {
    const calculated = await listItem(seller, { shippingType: 'calculated' });
    expect((await estimate(calculated, undefined)).status).toBe(401);
    expect((await estimate('NOSUCHLISTING', buyer.token)).status).toBe(404);
    const flat = await listItem(seller, { shippingType: 'flat', shippingCostCents: 500 });
    const refused = await estimate(flat, buyer.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'not_calculated_shipping' } });
  });
});
