import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED, LISTING_UNAVAILABLE } from '../../shared/api/admin-moderation';
import { call, complete } from './auth-support';
import { buyerAndSeller, listItem } from './checkout-support';
import { moveParcel } from './order-support';
import { signedSignInRequest, signUp, type Account } from './route-support';
import { makeAdmin } from './table-support';
import { until } from './message-support';

/** Admin tools and moderation through the local gateway (decision 066). */

const FROM = '127.0.9.66';
let admin: Account;
let seller: Account;
let buyer: Account;

const post = <T = Record<string, unknown>>(a: Account, path: string, body: unknown = {}) =>
  call<T>('POST', path, { token: a.token, from: a.from, body, headers: { 'idempotency-key': randomUUID() } });
const get = <T = Record<string, unknown>>(a: Account | null, path: string) =>
  call<T>('GET', path, { token: a?.token, from: FROM });

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'mod'));
  admin = await signUp(FROM, 'modadm');
  await makeAdmin(admin.userId);
}, 120_000);

describe('admin carrier tools', () => {
  it("makes a test parcel whose delivered, signed webhook releases nothing; others can't run a tool", async () => {
    const route = { fromZip: '78701', toZip: '78701', weightLb: 2 };
    const label = await post<{ trackingNumber: string; testParcel: boolean }>(admin, '/api/admin/tools/carrier', {
      tool: 'label',
      ...route,
    });
    expect(label.status).toBe(200);
    expect(label.body.testParcel).toBe(true);
    await moveParcel(label.body.trackingNumber, 'delivered');
    const hook = await post(admin, '/api/admin/tools/carrier', {
      tool: 'webhook',
      trackingNumber: label.body.trackingNumber,
      status: 'delivered',
    });
    expect(hook.body).toMatchObject({ signatureAccepted: true, escrowTriggered: false });
    // Any other number (an order's, or one the tools never made) is refused.
    const other = await post(admin, '/api/admin/tools/carrier', {
      tool: 'webhook',
      trackingNumber: '794699999999',
      status: 'delivered',
    });
    expect(other.status).toBe(400);
    expect((await post(seller, '/api/admin/tools/carrier', { tool: 'checkPending' })).status).toBe(403);
    const pending = await post(admin, '/api/admin/tools/carrier', { tool: 'checkPending' });
    expect(pending.body).toMatchObject({ tool: 'checkPending', released: 0 });
  }, 30_000);
});

describe('listing moderation', () => {
  it('hides a listing from browse, search and the store, tells its seller why, and unhides it', async () => {
    const title = `Moderated Lantern ${randomUUID().slice(0, 6)}`;
    const listingId = await listItem(seller, { title });
    const reason = 'Reported as counterfeit.';
    expect((await post(seller, `/api/admin/listings/${listingId}/moderation`, { action: 'hide', reason })).status).toBe(
      403,
    );
    const hidden = await post(admin, `/api/admin/listings/${listingId}/moderation`, { action: 'hide', reason });
    expect(hidden.body).toMatchObject({ hidden: true, status: 'paused' });

    const ids = (r: { body: { items?: { id: string }[]; listings?: { id: string }[] } }) =>
      (r.body.items ?? r.body.listings ?? []).map((l) => l.id);
    expect(ids(await get(null, `/api/listings?search=${encodeURIComponent(title)}`))).not.toContain(listingId);
    expect(ids(await get(null, '/api/listings?sort=newest&limit=50'))).not.toContain(listingId);
    expect(ids(await get(null, `/api/stores/${seller.username}`))).not.toContain(listingId);
    const page = await get<{ error: { message: string } }>(buyer, `/api/listings/${listingId}`);
    expect(page.status).toBe(404);
    expect(page.body.error.message).toBe(LISTING_UNAVAILABLE);
    await until(async () => {
      const list = await get<{ items: { title: string; message: string }[] }>(seller, '/api/me/notifications');
      return list.body.items.some((n) => n.title === 'Listing hidden' && n.message.includes(reason));
    });

    const back = await post(admin, `/api/admin/listings/${listingId}/moderation`, { action: 'unhide', reason: 'Ok.' });
    expect(back.body).toMatchObject({ hidden: false, status: 'active' });
    expect((await get(buyer, `/api/listings/${listingId}`)).status).toBe(200);
  }, 30_000);
});

describe('user suspension', () => {
  it('refuses a suspended user at every entry point and at sign-in; unsuspending lets them sign in', async () => {
    const user = await signUp(FROM, 'modsus');
    const listingId = await listItem(seller);
    const reason = 'Spam messages.';
    const done = await post(admin, '/api/admin/users/moderation', {
      username: user.username,
      action: 'suspend',
      reason,
    });
    expect(done.body).toMatchObject({ suspended: true, suspendedReason: reason });

    expect((await get(user, '/api/me')).status).toBe(401);
    expect((await post(user, '/api/listings', {})).status).toBe(401);
    expect((await post(user, `/api/listings/${listingId}/bids`, { amountCents: 100 })).status).toBe(401);
    expect((await post(user, '/api/checkout', {})).status).toBe(401);
    expect((await post(user, '/api/me/conversations', { listingId })).status).toBe(401);

    const again = await signedSignInRequest(user.from, user.wallet);
    const refused = await complete(again.uuid, again.clientSecret, user.from);
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { error: { message: string } }).error.message).toBe(ACCOUNT_SUSPENDED);

    await post(admin, '/api/admin/users/moderation', { username: user.username, action: 'unsuspend', reason: 'Ok.' });
    const back = await signedSignInRequest(user.from, user.wallet);
    expect((await complete(back.uuid, back.clientSecret, user.from)).status).toBe(200);
  }, 60_000);
});
