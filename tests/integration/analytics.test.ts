import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerAnalytics } from '../../shared/api/analytics';
import { call } from './auth-support';
import { buyerAndSeller } from './checkout-support';
import { send, until } from './message-support';
import { offerListing, offerOn } from './offer-support';
import { completedPickup } from './order-support';
import { endListingsOf, signUp, type Account } from './route-support';

/** The seller portal's Analytics through the gateway (decision 056): views and facts counted by the events consumer. */
const FROM = '127.0.56.1';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
let seller: Account;
let buyer: Account;
let other: Account;
let listingId: string;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'anl'));
  other = await signUp('127.0.56.2', 'anlx');
  listingId = await offerListing(seller, { title: 'Analytics Test Lamp' });
}, 120_000);

afterAll(async () => {
  if (seller) await endListingsOf(seller);
});

const view = (a: Account | null, userAgent = CHROME, id = listingId) =>
  call('POST', `/api/listings/${id}/views`, {
    ...(a && { token: a.token }),
    from: a?.from ?? '127.0.56.9',
    body: {},
    headers: { 'user-agent': userAgent },
  });

const analytics = async (a: Account, range = '7') => {
  const r = await call<SellerAnalytics>('GET', `/api/me/analytics?range=${range}`, { token: a.token, from: a.from });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('Analytics', () => {
  it("counts other people's views once the events are consumed, not the seller's own, a robot's or a repeat", async () => {
    // The first read counts the active listings at once.
    const empty = await analytics(seller);
    expect(empty.figures).toMatchObject({ views: 0, uniqueViewers: 0, activeListings: 1, followers: 0 });
    expect(empty.daily).toHaveLength(7);

    for (const reply of [
      await view(buyer),
      await view(seller),
      await view(null, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
      await view(buyer),
      await view(null),
    ]) {
      expect(reply.status).toBe(202);
    }
    // A later viewer's view: once it is in, the ones before it were handled too.
    await view(other);
    let seen: SellerAnalytics | undefined;
    // The day totals and the per-listing totals are separate items read side by side: wait for both.
    await until(async () => {
      seen = await analytics(seller);
      return seen.figures.views >= 3 && (seen.topByViews[0]?.views ?? 0) >= 3;
    });
    expect(seen!.figures).toMatchObject({ views: 3, uniqueViewers: 3 });
    expect(seen!.topByViews).toEqual([
      { listingId, title: 'Analytics Test Lamp', imageUrl: null, views: 3, revenueCents: 0 },
    ]);
    expect(seen!.daily.at(-1)).toMatchObject({ day: seen!.to, views: 3 });
    // The 90-day range reads the same views through its blocks; the viewers have no figures of their own.
    expect((await analytics(seller, '90')).topByViews[0]?.views).toBe(3);
    expect((await analytics(buyer)).figures.views).toBe(0);
  });

  it('counts the messages and offers the seller receives, and lists them as recent activity', async () => {
    const { conversationId } = await offerOn(buyer, listingId, 4_000);
    expect((await send(buyer, conversationId, 'Would you ship it on Monday?')).status).toBe(201);
    expect((await send(seller, conversationId, 'Yes, Monday works.')).status).toBe(201);
    let seen: SellerAnalytics | undefined;
    await until(async () => {
      seen = await analytics(seller);
      return seen.figures.messages >= 1 && seen.figures.offers >= 1;
    });
    expect(seen!.figures).toMatchObject({ messages: 1, offers: 1, sales: 0, revenueCents: 0 });
    expect(seen!.activity.map((a) => [a.kind, a.username, a.subject, a.amountCents])).toEqual([
      ['message', buyer.username, 'Analytics Test Lamp', null],
      ['offer', buyer.username, 'Analytics Test Lamp', 4_000],
    ]);
  });

  it('counts a released sale: its total as revenue, its platform fee apart, by listing', async () => {
    const order = await completedPickup(seller, buyer, 2_000);
    let seen: SellerAnalytics | undefined;
    await until(async () => (seen = await analytics(seller)).figures.sales >= 1);
    expect(seen!.figures).toMatchObject({
      sales: 1,
      revenueCents: order.totalCents,
      feeCents: order.platformFee!.cents,
    });
    expect(seen!.figures.feeCents).toBeGreaterThan(0);
    expect(seen!.topByRevenue).toMatchObject([
      { listingId: order.lines[0]!.listingId, revenueCents: order.totalCents },
    ]);
    expect(seen!.activity[0]).toMatchObject({ kind: 'sale', username: buyer.username, amountCents: order.totalCents });
  }, 30_000);

  it('refuses a range it does not offer, an unknown listing and a body on the beacon', async () => {
    const bad = await call<{ error: { message: string } }>('GET', '/api/me/analytics?range=14', {
      token: seller.token,
      from: FROM,
    });
    expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringContaining('7, 30 or 90')]);
    expect((await view(buyer, CHROME, 'NOSUCHLISTING')).status).toBe(404);
    const withBody = await call('POST', `/api/listings/${listingId}/views`, { body: { views: 100 }, from: FROM });
    expect(withBody.status).toBe(400);
    expect((await call('GET', '/api/me/analytics', { from: FROM })).status).toBe(401);
  });
});
