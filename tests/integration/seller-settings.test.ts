import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../shared/api/listings';
import type { Order } from '../../shared/api/orders';
import type { Store } from '../../shared/api/stores';
import { DEFAULT_SELLER_SETTINGS, TAX_ID_TEXTS, type SellerSettings } from '../../shared/domain/seller-settings';
import { call } from './auth-support';
import { buyerAndSeller } from './checkout-support';
import { markRead, notificationsOf, sent, start, until } from './message-support';
import { completedPickup } from './order-support';
import { sellerProfile, signUp, type Account } from './route-support';

/** The seller portal's Settings tab through the gateway (decision 057). */

const FROM = '127.0.57.1';
let seller: Account;
let buyer: Account;
let stranger: Account;
let order: Order;

type Errors = { error: { code: string; message: string; fields?: Record<string, string> } };

const settings = (over: {
  notifications?: Partial<SellerSettings['notifications']>;
  privacy?: Partial<SellerSettings['privacy']>;
  business?: Partial<SellerSettings['business']>;
}): SellerSettings => ({
  notifications: { ...DEFAULT_SELLER_SETTINGS.notifications, ...over.notifications },
  privacy: { ...DEFAULT_SELLER_SETTINGS.privacy, ...over.privacy },
  business: { ...DEFAULT_SELLER_SETTINGS.business, ...over.business },
});
const save = (a: Account, body: unknown) =>
  call<SellerSettings & Errors>('PUT', '/api/me/seller-settings', { token: a.token, from: a.from, body });
const read = (a: Account) => call<SellerSettings>('GET', '/api/me/seller-settings', { token: a.token, from: a.from });
const storeOf = async (a: Account) => (await call<Store>('GET', `/api/stores/${a.username}`)).body;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'sst'));
  stranger = await signUp('127.0.57.2', 'sstx');
  // A released pickup: the seller's sale of this week, and the buyer's order of the listing.
  order = await completedPickup(seller, buyer, 2_000);
}, 120_000);

describe('seller settings', () => {
  it('reads the defaults, refuses bad input with 400 and its field, saves whole; the store page shows what is chosen', async () => {
    expect((await read(seller)).body).toEqual(DEFAULT_SELLER_SETTINGS);
    expect((await storeOf(seller)).contact).toEqual({ email: null, phone: null, acceptsMessages: true });

    const bad: [unknown, string, string][] = [
      [settings({ business: { taxId: '12-34' } }), 'business.taxId', TAX_ID_TEXTS.shape],
      [settings({ business: { taxId: '000-12-3456' } }), 'business.taxId', TAX_ID_TEXTS.invalid],
      [
        settings({ business: { businessType: 'corporation' } }),
        'business.businessName',
        'Please enter your business name.',
      ],
      [
        settings({ business: { businessType: 'llc' as never } }),
        'business.businessType',
        'Choose individual, business or corporation.',
      ],
      [{ ...settings({}), privacy: { showEmail: true } }, 'privacy.showPhone', 'Choose on or off.'],
    ];
    for (const [body, field, message] of bad) {
      const r = await save(seller, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.fields?.[field]).toBe(message);
    }
    expect((await read(seller)).body).toEqual(DEFAULT_SELLER_SETTINGS);

    const mine = settings({
      privacy: { showEmail: true, showPhone: true },
      business: { businessType: 'business', businessName: '  Route & Sons  ', taxId: '12-3456789' },
    });
    const saved = await save(seller, mine);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = { ...mine, business: { ...mine.business, businessName: 'Route & Sons' } };
    expect(saved.body).toEqual(expected);
    expect((await read(seller)).body).toEqual(expected);
    // Only the caller's own: the buyer still has the defaults.
    expect((await read(buyer)).body).toEqual(DEFAULT_SELLER_SETTINGS);
    expect((await storeOf(seller)).contact).toEqual({
      email: sellerProfile.email,
      phone: sellerProfile.phone,
      acceptsMessages: true,
    });
  });

  it("direct contact off: new conversations are refused, the order's conversation opens and works", async () => {
    expect((await save(seller, settings({ privacy: { allowDirectContact: false } }))).status).toBe(200);
    const listingId = order.lines[0]!.listingId;
    for (const [who, target] of [
      [stranger, { listingId }],
      [stranger, { sellerId: seller.userId }],
      [buyer, { sellerId: seller.userId }],
    ] as const) {
      const refused = await start(who, target);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: 'direct_contact_off',
        message: 'This seller does not accept direct messages.',
      });
    }
    const store = await storeOf(seller);
    expect(store.contact).toEqual({ email: null, phone: null, acceptsMessages: false });
    const listing = await call<ListingDetail>('GET', `/api/listings/${listingId}`);
    expect(listing.body.sellerInfo.acceptsMessages).toBe(false);

    // The buyer's Contact Seller on the purchase: the conversation about the order, where both still write.
    const opened = await start(buyer, { listingId });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const conversationId = opened.body.conversation.id;
    await sent(buyer, conversationId, 'When can I pick up the second one?');
    await sent(seller, conversationId, 'Tomorrow at noon.');
    expect((await start(buyer, { listingId })).body.created).toBe(false);
  });

  it('a muted category makes no notification; the weekly report goes out once however often the schedule runs', async () => {
    const off = settings({ notifications: { newMessages: false, weeklyReports: true } });
    expect((await save(seller, off)).status).toBe(200);
    const conversationId = (await start(stranger, { sellerId: seller.userId })).body.conversation.id;
    await sent(stranger, conversationId, 'Muted: do you ship abroad?');

    // The week the sale was released in, run twice at once and once more after.
    const week = new Date(order.completedAt!);
    const nextMonday = new Date(
      Date.UTC(week.getUTCFullYear(), week.getUTCMonth(), week.getUTCDate() + 7 - ((week.getUTCDay() + 6) % 7), 1),
    );
    const run = () =>
      call<{ result: { week: string; sent: number } }>('POST', '/_local/schedules/send-weekly-reports', {
        body: { at: nextMonday.toISOString() },
      });
    const runs = await Promise.all([run(), run()]);
    for (const r of runs) expect(r.status).toBe(200);
    await run();

    // Messages on again, and one more: once its notification is there, everything published before it was handled.
    expect((await save(seller, settings({ notifications: { weeklyReports: true } }))).status).toBe(200);
    await markRead(seller, conversationId);
    await sent(stranger, conversationId, 'Heard: do you ship abroad?');
    await until(async () => (await notificationsOf(seller)).some((n) => n.message.includes('Heard:')), 15_000);

    const mine = await notificationsOf(seller);
    expect(mine.filter((n) => n.relatedId === conversationId).map((n) => n.message)).toEqual([
      `${stranger.username}: Heard: do you ship abroad?`,
    ]);
    const reports = mine.filter((n) => n.title === 'Weekly Report');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.message).toContain('1 sale, $20.00 RLUSD released to you');
  });
});
