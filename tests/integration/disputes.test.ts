import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { call } from './auth-support';
import { buyerAndSeller, getOrder, waitForOrder } from './checkout-support';
import { signUp, type Account } from './route-support';
import { makeAdmin } from './table-support';
import { deliveredSale as deliveredSaleOf } from './delivered-sale';
import { until } from './message-support';

/** Report Issue through the local gateway (decision 053): the dispute holds the release until it ends. */

const FROM = '127.0.9.53';
let buyer: Account;
let seller: Account;
let admin: Account;

type Reply = Order & { error?: { code: string; message: string; fields?: Record<string, string> } };
const ISSUE = { reason: 'not_as_described', description: 'The photos showed a blue case; this one is grey.' };

const dispute = (a: Account, orderId: string, body: unknown = ISSUE) =>
  call<Reply>('POST', `/api/orders/${orderId}/dispute`, {
    token: a.token,
    from: a.from,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
const withdraw = (a: Account, orderId: string) =>
  call<Reply>('DELETE', `/api/orders/${orderId}/dispute`, { token: a.token, from: a.from });
const refund = (a: Account, orderId: string) =>
  call<Reply>('POST', `/api/orders/${orderId}/dispute/refund`, {
    token: a.token,
    from: a.from,
    body: {},
    headers: { 'idempotency-key': randomUUID() },
  });
const resolve = (a: Account, orderId: string, outcome: 'release' | 'refund', note: string) =>
  call<{ status: string; dispute: Order['dispute']; error?: { code: string } }>(
    'POST',
    `/api/admin/orders/${orderId}/dispute/resolution`,
    { token: a.token, from: a.from, body: { outcome, note }, headers: { 'idempotency-key': randomUUID() } },
  );

/** The system notes of the order's item conversation, as `a` reads them. */
async function notesOf(a: Account, order: Order): Promise<string[]> {
  type Summary = { id: string; listing: { id: string } | null };
  const list = await call<{ items: Summary[] }>(
    'GET',
    `/api/me/conversations?with=${a.userId === order.buyer.id ? order.seller.id : order.buyer.id}`,
    {
      token: a.token,
      from: a.from,
    },
  );
  const c = list.body.items.find((x) => x.listing?.id === order.lines[0]!.listingId);
  if (!c) return [];
  const page = await call<{ items: { type: string; content: string }[] }>(
    'GET',
    `/api/me/conversations/${c.id}/messages`,
    { token: a.token, from: a.from },
  );
  return page.body.items.filter((m) => m.type === 'system').map((m) => m.content);
}

/** The settlement schedule, run with the functions' clock at `at`, which is then given back. */
async function settleAt(at: string): Promise<void> {
  expect((await call('PUT', '/_local/clock', { body: { at } })).status).toBe(200);
  try {
    expect((await call('POST', '/_local/schedules/settle-escrows', { body: {} })).status).toBe(200);
  } finally {
    await call('DELETE', '/_local/clock');
  }
}

const deliveredSale = () => deliveredSaleOf(seller, buyer, FROM);

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'dsp'));
  admin = await signUp(FROM, 'dspadm');
  await makeAdmin(admin.userId);
}, 120_000);

describe('Report Issue on a delivered purchase', () => {
  it('holds the release past the inspection period until an administrator releases it, with a reason both see', async () => {
    const order = await deliveredSale();
    expect(order.status).toBe('delivered');

    // Only the buyer reports, with a reason and a description; the server says what is wrong.
    expect((await dispute(seller, order.id)).status).toBe(403);
    expect((await dispute(admin, order.id)).status).toBe(404);
    const blank = await dispute(buyer, order.id, { reason: 'damaged', description: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.fields?.description).toBe('Please describe the issue.');
    expect((await dispute(buyer, order.id, { reason: 'broken', description: 'x' })).status).toBe(400);
    const long = await dispute(buyer, order.id, { reason: 'other', description: 'x'.repeat(2_001) });
    expect(long.body.error?.fields?.description).toBe('The description can be at most 2,000 characters.');

    const opened = await dispute(buyer, order.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.dispute).toMatchObject({ reason: 'not_as_described', status: 'open', resolution: null });
    expect((await dispute(buyer, order.id)).body.error?.code).toBe('dispute_open');
    // The seller sees it on the sale, and in the item's conversation as a note from the buyer.
    expect((await getOrder(seller, order.id)).body.dispute?.status).toBe('open');
    await until(async () =>
      (await notesOf(seller, order)).includes(`Issue reported: Not as described. ${ISSUE.description}`),
    );

    // Past the inspection period the escrow stays on the ledger.
    await settleAt(new Date(Date.parse(order.releaseDueAt!) + 60_000).toISOString());
    expect((await getOrder(buyer, order.id)).body).toMatchObject({ status: 'delivered', escrowStatus: 'pending' });

    // Only an administrator resolves it; the buyer and the seller are refused.
    expect((await resolve(seller, order.id, 'release', 'Mine.')).status).toBe(403);
    expect((await resolve(buyer, order.id, 'refund', 'Mine.')).status).toBe(403);
    const resolved = await resolve(admin, order.id, 'release', 'The listing said grey in its description.');
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const done = await waitForOrder(buyer, order.id, ['releasing']);
    expect(done).toMatchObject({
      status: 'completed',
      releaseReason: 'dispute_released',
      dispute: { status: 'released', resolution: { by: 'admin', note: 'The listing said grey in its description.' } },
    });
    expect((await resolve(admin, order.id, 'refund', 'Again.')).body.error?.code).toBe('no_open_dispute');
    await until(async () =>
      (await notesOf(buyer, order)).includes(
        'The marketplace resolved the issue: the payment was released to the seller. Reason: The listing said grey in its description.',
      ),
    );
  }, 120_000);

  it('withdrawn, the release follows its schedule; the seller can refund another, which nothing then releases', async () => {
    const order = await deliveredSale();
    expect((await dispute(buyer, order.id)).status).toBe(201);
    expect((await withdraw(seller, order.id)).status).toBe(403);
    const withdrawn = await withdraw(buyer, order.id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.dispute).toMatchObject({ status: 'withdrawn', resolution: { by: 'buyer' } });
    await settleAt(new Date(Date.parse(order.releaseDueAt!) + 60_000).toISOString());
    expect(await waitForOrder(buyer, order.id, ['delivered', 'releasing'])).toMatchObject({ status: 'completed' });

    const other = await deliveredSale();
    expect((await dispute(buyer, other.id)).status).toBe(201);
    // The seller answers first: the buyer reads it on the purchase and in the conversation.
    const answered = await call<Reply>('POST', `/api/orders/${other.id}/dispute/responses`, {
      token: seller.token,
      from: seller.from,
      body: { message: 'It left here working; the carrier may have dropped it.' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect((await getOrder(buyer, other.id)).body.dispute?.responses).toEqual([
      expect.objectContaining({ message: 'It left here working; the carrier may have dropped it.', photoUrls: [] }),
    ]);
    await until(async () =>
      (await notesOf(buyer, other)).includes(
        'The seller answered the issue: It left here working; the carrier may have dropped it.',
      ),
    );
    expect((await refund(buyer, other.id)).status).toBe(403);
    const refunded = await refund(seller, other.id);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({
      status: 'refunding',
      refundReason: 'dispute_refunded',
      dispute: { status: 'refunded', resolution: { by: 'seller' } },
    });
    await settleAt(new Date(Date.parse(other.releaseDueAt!) + 60_000).toISOString());
    expect((await getOrder(buyer, other.id)).body.status).toBe('refunding');
  }, 120_000);
});
