import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders';
import type { Store, StoreReview } from '../../shared/api/stores';
import { DELETED_MESSAGE, DELETED_USER } from '../../shared/domain/account-state';
import { ERASED_LISTING_TITLE } from '../../functions/adapters/db/erasers/listings-eraser';
import { pageStatus, runSchedule, searchFinds } from './auction-support';
import { call, uniqueName } from './auth-support';
import { buyerAndSeller, getOrder, listItem, putInCart } from './checkout-support';
import { mediaStatus, upload } from './media-support';
import { conversationWith, list, messagesOf, sent, until } from './message-support';
import { fundedSale, releasePickup } from './order-support';
import { leaveReview } from './review-support';
import { listingBody, type Account } from './route-support';
import { facetsHolding, tableService } from './table-support';

/** The seller portal's danger zone through the local gateway (decision 059). */

const FROM = '127.0.9.59';
let seller: Account;
/** Buys from the seller, saves, carts and chats; deletes their data after the seller. */
let member: Account;
let openOrder: Order;
/** A word only this file's listings have, so search answers are about them. */
const WORD = uniqueName('dz').replace(/_/g, '');
let fixedId: string;
let auctionId: string;

type Reply<T> = T & { error?: { code: string; message: string } };
const post = <T>(a: Account, path: string, body: unknown = {}) =>
  call<Reply<T>>('POST', path, { token: a.token, from: a.from, body, headers: { 'idempotency-key': randomUUID() } });
const deactivate = (a: Account) => post<{ storeStatus: string }>(a, '/api/me/store/deactivation');
const reactivate = (a: Account) => post<{ storeStatus: string }>(a, '/api/me/store/reactivation');
const deleteData = (a: Account, confirmUsername: string) =>
  post<{ status: string }>(a, '/api/me/data-deletion', { confirmUsername });
const storeOf = (username: string) => call<Reply<Store>>('GET', `/api/stores/${username}`, { from: FROM });
const LISTING = { title: `Brass ${WORD} lantern`, category: 'Home & Garden', condition: 'good', listingType: 'fixed' };

beforeAll(async () => {
  ({ buyer: member, seller } = await buyerAndSeller(FROM, 'dz'));
  fixedId = await listItem(seller, { title: LISTING.title });
  auctionId = await listItem(seller, {
    title: `Clock ${WORD}`,
    listingType: 'auction',
    priceCents: undefined,
    startingBidCents: 1_000,
    endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  openOrder = await fundedSale(seller, member, 'pickup');
}, 60_000);

describe('while an order between them is open', () => {
  it('Deactivate and Delete Data are refused with their reasons; Delete Data checks the username first', async () => {
    const refused = await deactivate(seller);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'open_orders', message: expect.stringContaining('1 order') });
    const mismatch = await deleteData(member, member.username.toUpperCase());
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error?.code).toBe('confirmation_mismatch');
    for (const a of [member, seller]) {
      const open = await deleteData(a, a.username);
      expect(open.status).toBe(409);
      expect(open.body.error?.code).toBe('open_escrows');
      expect((await call('GET', '/api/me', { token: a.token, from: FROM })).status).toBe(200);
    }

    // The pickup is collected and released: both may go on. They review each other.
    await releasePickup(seller, openOrder);
    for (const [by, comment] of [
      [member, 'Friendly seller.'],
      [seller, 'Prompt buyer.'],
    ] as const) {
      expect((await leaveReview(by, openOrder.id, { rating: 5, comment })).status).toBe(201);
    }
  }, 30_000);
});

describe('Deactivate', () => {
  it('takes the store and its listings out of browse and search until Reactivate puts them back', async () => {
    expect(await searchFinds(WORD, fixedId)).toBe(true);
    const facets = await facetsHolding(fixedId, {
      category: LISTING.category,
      condition: 'good',
      listingType: 'fixed',
    });
    expect(facets.length).toBeGreaterThan(0);

    const off = await deactivate(seller);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.storeStatus).toBe('deactivated');
    expect(await searchFinds(WORD, fixedId)).toBe(false);
    expect(await searchFinds(WORD, auctionId)).toBe(false);
    expect(
      await facetsHolding(fixedId, { category: LISTING.category, condition: 'good', listingType: 'fixed' }),
    ).toEqual([]);
    expect(await pageStatus(fixedId)).toBeNull();
    const store = (await storeOf(seller.username)).body;
    expect(store).toMatchObject({ deactivated: true, storeStatus: 'deactivated', listings: [] });
    const listed = await post<unknown>(seller, '/api/listings', listingBody);
    expect(listed.status).toBe(409);
    expect(listed.body.error?.code).toBe('store_deactivated');
    const mine = await call<{ items: { id: string; status: string }[] }>('GET', '/api/me/listings', {
      token: seller.token,
      from: FROM,
    });
    expect(mine.body.items.find((l) => l.id === fixedId)?.status).toBe('paused');
    // Asked again: where it stands, nothing more.
    expect((await deactivate(seller)).body.storeStatus).toBe('deactivated');

    const on = await reactivate(seller);
    expect(on.body.storeStatus).toBe('active');
    expect(await searchFinds(WORD, fixedId)).toBe(true);
    expect(await searchFinds(WORD, auctionId)).toBe(true);
    expect(
      await facetsHolding(fixedId, { category: LISTING.category, condition: 'good', listingType: 'fixed' }),
    ).toEqual(facets);
    expect(await pageStatus(fixedId)).toBe('active');
    const back = (await storeOf(seller.username)).body;
    expect(back).toMatchObject({ deactivated: false, storeStatus: 'active' });
    expect(back.listings.map((l) => l.id)).toEqual(expect.arrayContaining([fixedId, auctionId]));
  }, 30_000);
});

describe('Delete Data', () => {
  const stateOf = async (a: Account) =>
    (await tableService().entities.accountState.get({ userId: a.userId }).go()).data;

  /** Deletes the account's data (the schedule finishes what the request leaves) and checks it is signed out. */
  async function erase(a: Account) {
    const done = await deleteData(a, a.username);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    for (let run = 0; done.body.status === 'erasing' && run < 5; run++) await runSchedule('resume-account-work');
    expect((await stateOf(a))?.erasure).toMatchObject({ status: 'erased' });
    expect((await call('GET', '/api/me', { token: a.token, from: FROM })).status).toBe(401);
  }

  it('erases the seller and signs them out; the order, its listing and reviews stay anonymised', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#806040' } })
      .png()
      .toBuffer();
    const ownId = await listItem(seller, { title: `Kettle ${WORD}`, photoKeys: [await upload(seller.token, png)] });
    const photoKey = (await call<{ images: { key: string }[] }>('GET', `/api/listings/${ownId}`)).body.images[0]!.key;
    const soldId = openOrder.lines[0]!.listingId;
    await putInCart(member, fixedId);
    expect(
      (await call('PUT', `/api/me/wishlist/${fixedId}`, { token: member.token, from: FROM, body: {} })).status,
    ).toBe(200);
    const conversationId = await conversationWith(member, fixedId);
    await sent(member, conversationId, 'Is the lantern brass all through?');
    await sent(seller, conversationId, 'It is, and heavy.');
    // The buyer's message is counted into the seller's Analytics (decision 056), which Delete Data erases too.
    const analytics = async () => {
      const { analyticsPeriod, analyticsActivity } = tableService().entities;
      const [periods, activity] = await Promise.all([
        analyticsPeriod.query.bySeller({ sellerId: seller.userId }).go({ limit: 1 }),
        analyticsActivity.query.bySeller({ sellerId: seller.userId }).go({ limit: 1 }),
      ]);
      return periods.data.length + activity.data.length;
    };
    await until(async () => (await analytics()) === 2);

    await erase(seller);
    expect(await analytics()).toBe(0);
    // Gone: the store page, the listings no order names (out of search) and their photos, the profile's texts.
    expect((await storeOf(seller.username)).status).toBe(404);
    for (const id of [ownId, fixedId, auctionId]) expect(await pageStatus(id)).toBeNull();
    expect(await searchFinds(WORD, fixedId)).toBe(false);
    expect(await mediaStatus(photoKey)).toBe(404);
    const profile = (await tableService().entities.profile.get({ userId: seller.userId }).go()).data;
    expect(profile).not.toHaveProperty('fullName');
    expect(profile).not.toHaveProperty('phone');

    // Kept for the buyer, anonymised: the order and the listing it names, the seller's review of them, the
    // conversation with the seller's words replaced.
    const order = (await getOrder(member, openOrder.id)).body;
    expect(order).toMatchObject({ status: 'completed', seller: { id: seller.userId, username: DELETED_USER } });
    expect(order.totalCents).toBe(openOrder.totalCents);
    const sold = (await tableService().entities.listing.get({ listingId: soldId }).go()).data;
    expect(sold).toMatchObject({ status: 'ended', sellerUsername: DELETED_USER, keptForOrders: true });
    const reviews = await call<{ items: StoreReview[] }>('GET', `/api/stores/${member.username}/reviews`);
    expect(reviews.body.items.find((r) => r.comment === 'Prompt buyer.')?.reviewer.username).toBe(DELETED_USER);
    const messages = (await messagesOf(member, conversationId)).body.items.map((m) => m.content);
    expect(messages).toEqual(expect.arrayContaining([DELETED_MESSAGE, 'Is the lantern brass all through?']));
    expect(messages).not.toContain('It is, and heavy.');
    const summary = (await list(member)).body.items.find((c) => c.id === conversationId);
    expect(summary).toMatchObject({
      otherParty: { username: DELETED_USER },
      listing: { title: ERASED_LISTING_TITLE, imageUrl: null },
      lastMessage: { content: DELETED_MESSAGE },
    });
  }, 30_000);

  it('erases the buyer too; a retry is refused as signed out and the schedule changes nothing', async () => {
    await erase(member);
    const order = (await tableService().entities.order.get({ orderId: openOrder.id }).go()).data;
    expect(order).toMatchObject({ status: 'completed', buyerUsername: DELETED_USER, sellerUsername: DELETED_USER });
    const { data: cart } = await tableService().entities.cartItem.query.byUser({ userId: member.userId }).go();
    expect(cart).toEqual([]);

    expect((await deleteData(member, member.username)).status).toBe(401);
    const version = (await stateOf(member))?.version;
    await runSchedule('resume-account-work');
    expect((await stateOf(member))?.version).toBe(version);
  }, 30_000);
});
