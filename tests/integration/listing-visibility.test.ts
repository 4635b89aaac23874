import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../shared/api/listings';
import { call, signUpNewUser } from './auth-support';

const FROM = '127.0.11.5';
let seller: string;
let other: string;
let auctionId: string;
let fixedId: string;

const location = { zipCode: '78701', city: 'Austin', state: 'TX' };
const auction = {
  title: 'Brass Telescope Quorvane',
  description: 'Folds to 40 cm; tripod included.',
  category: 'Collectibles',
  condition: 'good',
  listingType: 'auction',
  startingBidCents: 5_000,
  reservePriceCents: 17_300,
  endsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  shippingType: 'free',
  location,
};
const fixed = {
  title: 'Oak Bookshelf Quorvane',
  description: 'Five shelves.',
  category: 'Home & Garden',
  condition: 'excellent',
  listingType: 'fixed',
  priceCents: 30_000,
  acceptOffers: true,
  minOfferCents: 21_700,
  shippingType: 'local',
  location,
};

const read = (id: string, token?: string) =>
  call<ListingDetail & { error?: { code: string } }>('GET', `/api/listings/${id}`, { token, from: FROM });

beforeAll(async () => {
  [{ token: seller }, { token: other }] = [await signUpNewUser(FROM, 'vis'), await signUpNewUser(FROM, 'oth')];
  const profile = {
    fullName: 'Vera Seller',
    email: 'vera@example.com',
    phone: '+1 512 555 0111',
    address: null,
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller: true,
  };
  expect((await call('PUT', '/api/me/profile', { token: seller, body: profile, from: FROM })).status).toBe(200);
  const made = await Promise.all(
    [auction, fixed].map((body) => call<{ id: string }>('POST', '/api/listings', { token: seller, body, from: FROM })),
  );
  expect(made.map((r) => r.status)).toEqual([201, 201]);
  [auctionId, fixedId] = made.map((r) => r.body.id) as [string, string];
}, 90_000);

describe("GET /api/listings/{id}: the seller's reserve and minimum offer", () => {
  it('go to the seller, whose edit form loads them', async () => {
    const a = await read(auctionId, seller);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ hasReserve: true, reservePriceCents: 17_300, minOfferCents: null });
    const f = await read(fixedId, seller);
    expect(f.body).toMatchObject({ acceptOffers: true, minOfferCents: 21_700, reservePriceCents: null });
  });

  it('never reach a visitor or another signed-in user, who learn only that there is a reserve', async () => {
    for (const token of [undefined, other]) {
      const a = await read(auctionId, token);
      expect(a.status).toBe(200);
      expect(a.body.hasReserve).toBe(true);
      expect(a.body).not.toHaveProperty('reservePriceCents');
      expect(a.body).not.toHaveProperty('minOfferCents');
      const f = await read(fixedId, token);
      expect(f.body.acceptOffers).toBe(true);
      expect(f.body).not.toHaveProperty('minOfferCents');
      expect(JSON.stringify([a.body, f.body])).not.toMatch(/17300|21700/);
    }
  });

  it('answer a token that is not a live session with 401, not a quieter visitor view', async () => {
    expect((await read(auctionId, 'aaa.bbb.ccc')).status).toBe(401);
    expect((await call('DELETE', '/api/auth/session', { token: other, from: FROM })).status).toBe(200);
    const revoked = await read(auctionId, other);
    expect(revoked.status).toBe(401);
    expect(revoked.body).not.toHaveProperty('reservePriceCents');
  });
});
