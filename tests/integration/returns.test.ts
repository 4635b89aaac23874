import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders';
import type { ReturnRequest } from '../../shared/api/returns';
import { approve, call } from './auth-support';
import { buyerAndSeller, getOrder, listItem, waitForOrder } from './checkout-support';
import { completedPickup, moveParcel, parcel } from './order-support';
import { rawRequestOf, sellerProfile, sendRaw, signUp, type Account } from './route-support';
import { signedCarrierWebhook } from './route-fixtures';
import { routes } from '../../functions/routes';
import { makeAdmin } from './table-support';
import { deliveredSale as deliveredSaleOf } from './delivered-sale';
import { until } from './message-support';

/** Request Return through the local gateway (decision 054): before release it holds the escrow; after it, the seller refunds. */

const FROM = '127.0.9.54';
let buyer: Account;
let seller: Account;
let admin: Account;
const SELLER_ZIP = sellerProfile.address.postalCode;

type Reply = Order & { error?: { code: string; message: string; fields?: Record<string, string> } };
const RETURN = { reason: 'not_as_described', description: 'The lid does not close.' };

const post = <T = Reply>(a: Account, path: string, body: unknown = {}) =>
  call<T>('POST', path, { token: a.token, from: a.from, body, headers: { 'idempotency-key': randomUUID() } });
const requestReturn = (a: Account, orderId: string, body: unknown = RETURN) =>
  post(a, `/api/orders/${orderId}/return`, body);
const decide = (a: Account, orderId: string, decision: 'approve' | 'reject', note = '') =>
  post(a, `/api/orders/${orderId}/return/decision`, { decision, note });
const shipBack = (a: Account, orderId: string, trackingNumber: string) =>
  post(a, `/api/orders/${orderId}/return/shipment`, { trackingNumber });

/** The functions' clock at `at` while the schedule `name` runs, then given back. */
async function runAt(name: string, at: string): Promise<void> {
  expect((await call('PUT', '/_local/clock', { body: { at } })).status).toBe(200);
  try {
    expect((await call('POST', `/_local/schedules/${name}`, { body: {} })).status).toBe(200);
  } finally {
    await call('DELETE', '/_local/clock');
  }
}
const later = (iso: string, ms = 60_000) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * Runs the returns schedule at `at()` until the order's return reaches `stage` (a few runs at most): a run whose Track
 * call fails leaves the parcel for the next run, as the schedule does every minute.
 */
async function followUntil(buyerOf: Account, orderId: string, stage: string, at: () => string): Promise<void> {
  for (let run = 0; run < 5; run++) {
    await runAt('follow-returns', at());
    if ((await getOrder(buyerOf, orderId)).body.returnRequest?.stage === stage) return;
  }
  expect((await getOrder(buyerOf, orderId)).body.returnRequest?.stage).toBe(stage);
}

async function rlusdCents(a: Account): Promise<number> {
  const r = await call<{ balances: { currency: string; cents: number | null }[] }>('GET', '/api/wallet/balances', {
    token: a.token,
    from: a.from,
  });
  return r.body.balances.find((b) => b.currency === 'RLUSD')?.cents ?? 0;
}

const deliveredSale = () => deliveredSaleOf(seller, buyer, FROM);

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'ret'));
  expect(
    (await call('PUT', '/api/me/profile', { token: seller.token, from: seller.from, body: sellerProfile })).status,
  ).toBe(200);
  admin = await signUp(FROM, 'retadm');
  await makeAdmin(admin.userId);
}, 120_000);

describe('a return asked before release', () => {
  it('holds the escrow; once the parcel back is accepted to the return ZIP, the refund is decided', async () => {
    const order = await deliveredSale();
    expect(order.returnWindow).toMatchObject({ case: 'before_release', policy: '30_days' });

    // Only the buyer asks, with a reason and a description the server checks.
    expect((await requestReturn(seller, order.id)).status).toBe(403);
    expect((await requestReturn(admin, order.id)).status).toBe(404);
    const blank = await requestReturn(buyer, order.id, { reason: 'damaged', description: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.fields?.description).toBe('Please describe why you are returning it.');
    const asked = await requestReturn(buyer, order.id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.returnRequest).toMatchObject({ case: 'before_release', status: 'pending', stage: 'pending' });
    expect(asked.body.releaseDueAt).toBeNull();
    expect((await requestReturn(buyer, order.id)).body.error?.code).toBe('return_exists');
    // A report waits for the return's outcome.
    const report = await post(buyer, `/api/orders/${order.id}/dispute`, { reason: 'damaged', description: 'x' });
    expect(report.body.error?.code).toBe('return_open');

    // Past the inspection period the escrow stays on the ledger while the return is open.
    await runAt('settle-escrows', later(order.releaseDueAt!));
    expect((await getOrder(buyer, order.id)).body).toMatchObject({ status: 'delivered', escrowStatus: 'pending' });

    // The seller answers; the buyer learns where to send it.
    expect((await decide(buyer, order.id, 'approve')).status).toBe(403);
    const approved = await decide(seller, order.id, 'approve', 'Send it in its box, please.');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.returnRequest).toMatchObject({
      status: 'approved',
      sellerNote: 'Send it in its box, please.',
    });
    expect(approved.body.returnRequest?.returnAddress).toContain(SELLER_ZIP);
    expect((await decide(seller, order.id, 'reject')).body.error?.code).toBe('return_not_pending');

    // A parcel to another ZIP is refused; one to the return ZIP is taken, and its acceptance decides the refund.
    const wrong = await shipBack(buyer, order.id, await parcel('78701', '10001'));
    expect(wrong.body.error?.code).toBe('tracking_wrong_zip');
    const number = await parcel('78701', SELLER_ZIP);
    const shipped = await shipBack(buyer, order.id, number);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.returnRequest).toMatchObject({ stage: 'shipped', trackingNumber: number });
    await runAt('follow-returns', new Date().toISOString());
    expect((await getOrder(buyer, order.id)).body.status).toBe('delivered');
    // The carrier's webhook says it moved: the schedule's next run looks at it, not its next interval.
    await moveParcel(number, 'picked_up');
    const told = signedCarrierWebhook([number]);
    expect((await sendRaw(rawRequestOf(routes.carrierWebhook, told, undefined, FROM))).status).toBe(200);
    await followUntil(buyer, order.id, 'completed', () => new Date().toISOString());
    const refunded = (await getOrder(buyer, order.id)).body;
    expect(refunded).toMatchObject({ status: 'refunding', refundReason: 'return_refunded' });
    expect(refunded.returnRequest).toMatchObject({ status: 'completed', stage: 'completed' });
    // Running the schedule again changes nothing.
    await runAt('follow-returns', later(new Date().toISOString(), 22 * 60_000));
    expect((await getOrder(buyer, order.id)).body.returnRequest?.stage).toBe('completed');
  }, 180_000);

  it('lapses when nothing was sent back a day before the release deadline, and the release goes ahead', async () => {
    const order = await deliveredSale();
    expect((await requestReturn(buyer, order.id)).status).toBe(201);
    const approved = await decide(seller, order.id, 'approve');
    const shipBackBy = approved.body.returnRequest!.shipBackBy!;
    await runAt('follow-returns', later(shipBackBy));
    const lapsed = (await getOrder(buyer, order.id)).body;
    expect(lapsed.returnRequest).toMatchObject({ stage: 'lapsed' });
    await runAt('settle-escrows', later(shipBackBy, 2 * 60_000));
    const released = await waitForOrder(buyer, order.id, ['delivered', 'releasing']);
    expect(released).toMatchObject({ status: 'completed', releaseReason: 'delivered' });
  }, 180_000);

  it('rejected, ends the hold and leaves the buyer a day to report an issue', async () => {
    const order = await deliveredSale();
    expect((await requestReturn(buyer, order.id)).status).toBe(201);
    const rejected = await decide(seller, order.id, 'reject', 'It was sent as described.');
    expect(rejected.body.returnRequest).toMatchObject({ status: 'rejected', canEscalate: false });
    expect(Date.parse(rejected.body.releaseDueAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const report = await post(buyer, `/api/orders/${order.id}/dispute`, { reason: 'damaged', description: 'Cracked.' });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
  }, 180_000);
});

describe('a return asked after release', () => {
  it('is refunded by the seller in their wallet once the parcel is delivered back', async () => {
    const order = await completedPickup(seller, buyer);
    const page = (await getOrder(buyer, order.id)).body;
    expect(page.returnWindow).toMatchObject({ case: 'after_release' });
    expect((await requestReturn(buyer, order.id)).status).toBe(201);
    expect((await decide(seller, order.id, 'approve')).status).toBe(200);

    // The seller's list has it, with its buyer.
    const list = await call<{ items: ReturnRequest[] }>('GET', '/api/me/return-requests', {
      token: seller.token,
      from: seller.from,
    });
    expect(list.body.items.find((r) => r.orderId === order.id)).toMatchObject({
      status: 'approved',
      buyerId: buyer.userId,
      case: 'after_release',
    });

    // Nothing is owed before the parcel is back.
    expect((await post(seller, `/api/orders/${order.id}/return/refund`)).body).toMatchObject({
      error: { code: 'return_refund_not_due' },
    });
    const number = await parcel('78701', SELLER_ZIP);
    expect((await shipBack(buyer, order.id, number)).status).toBe(200);
    await moveParcel(number, 'delivered');
    await followUntil(buyer, order.id, 'refund_due', () => later(new Date().toISOString(), 11 * 60_000));

    const before = await rlusdCents(buyer);
    expect((await post(buyer, `/api/orders/${order.id}/return/refund`)).status).toBe(403);
    const asked = await post<{ status: string; signUrl?: string; cents?: number }>(
      seller,
      `/api/orders/${order.id}/return/refund`,
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ status: 'signing', cents: order.itemsCents });
    await approve(asked.body.signUrl!, seller.wallet);
    await until(async () => (await getOrder(buyer, order.id)).body.returnRequest?.stage === 'completed', 30_000);
    expect(await rlusdCents(buyer)).toBe(before + order.itemsCents);
    expect((await getOrder(buyer, order.id)).body.returnRequest?.refundTxHash).toMatch(/^[0-9A-F]{64}$/);
  }, 180_000);

  it('rejected, goes to an administrator; a refund owed shows on the store and blocks new listings until paid', async () => {
    const order = await completedPickup(seller, buyer);
    expect((await requestReturn(buyer, order.id)).status).toBe(201);
    const rejected = await decide(seller, order.id, 'reject');
    expect(rejected.body.returnRequest).toMatchObject({ status: 'rejected', canEscalate: true });
    expect((await post(seller, `/api/orders/${order.id}/return/escalation`)).status).toBe(403);
    const escalated = await post(buyer, `/api/orders/${order.id}/return/escalation`);
    expect(escalated.status, JSON.stringify(escalated.body)).toBe(200);
    expect(escalated.body.returnRequest?.stage).toBe('escalated');

    const resolve = (a: Account) =>
      post<{ return: { stage: string }; error?: { code: string } }>(
        a,
        `/api/admin/orders/${order.id}/return/resolution`,
        { outcome: 'refund', note: 'The photos show the lid is broken.' },
      );
    expect((await resolve(seller)).status).toBe(403);
    const resolved = await resolve(admin);
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.return.stage).toBe('refund_owed');

    const store = async () =>
      (await call<{ unresolvedReturn: boolean }>('GET', `/api/stores/${seller.username}`, { from: FROM })).body;
    expect((await store()).unresolvedReturn).toBe(true);
    const listing = await post<{ error?: { code: string } }>(seller, '/api/listings', {
      title: 'Another lamp',
      description: 'A lamp.',
      category: 'Home & Garden',
      condition: 'good',
      listingType: 'fixed',
      priceCents: 1_000,
      location: { zipCode: '78701', city: 'Austin', state: 'TX' },
    });
    expect(listing.body.error?.code).toBe('unresolved_return');

    const asked = await post<{ signUrl?: string }>(seller, `/api/orders/${order.id}/return/refund`);
    await approve(asked.body.signUrl!, seller.wallet);
    await until(async () => (await getOrder(buyer, order.id)).body.returnRequest?.stage === 'completed', 30_000);
    expect((await store()).unresolvedReturn).toBe(false);
    expect(await listItem(seller)).toBeTruthy();
  }, 180_000);
});
