import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from './auth-support';
import { availableOf, buyerAndSeller, getOrder, waitForOrder, withLedger } from './checkout-support';
import { Wallet } from 'xrpl';
import { afterInspection, decide, fundedSale, moveParcel, parcel, payFee, requestFee, ship } from './order-support';
import { signedCarrierWebhook } from './route-fixtures';
import { tableService } from './table-support';
import { jobLeases } from '../../functions/adapters/db/job-lease-store';
import { rawRequestOf, sendRaw, type Account } from './route-support';
import { routes } from '../../functions/routes';

/** The settlement schedule, run with the functions' clock at `at`, which is then given back. */
async function settleAt(at: string): Promise<void> {
  expect((await call('PUT', '/_local/clock', { body: { at } })).status).toBe(200);
  try {
    expect((await call('POST', '/_local/schedules/settle-escrows', { body: {} })).status).toBe(200);
  } finally {
    await call('DELETE', '/_local/clock');
  }
}

const FROM = '127.0.8.80';
let buyer: Account;
let seller: Account;

const rlusdCents = async (a: Account) => {
  const res = await call<{ balances: { currency: string; cents: number | null }[] }>('GET', '/api/wallet/balances', {
    token: a.token,
    from: a.from,
  });
  return res.body.balances.find((b) => b.currency === 'RLUSD')!.cents!;
};

async function webhook(trackingNumbers: string[]) {
  const request = signedCarrierWebhook(trackingNumbers);
  return sendRaw(rawRequestOf(routes.carrierWebhook, request, undefined, FROM));
}

const EIGHT_DAYS = 8 * 24 * 3600;

/** Moves the ledger's close time ahead (the test clock of the XRPL node stand-in). */
async function ledgerAhead(seconds: number) {
  const ledger = inject('ledgerUrl').replace(/^ws/, 'http');
  const res = await fetch(`${ledger}/_test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(res.status).toBe(200);
}

/**
 * Moves the ledger's close time eight days ahead (past every CancelAfter of an escrow made before) and the functions'
 * clock eight days from now, or to `at` (after a CancelAfter counted from a ledger an earlier test moved ahead).
 */
async function clocksPastCancelAfter(at = new Date(Date.now() + EIGHT_DAYS * 1000)) {
  await ledgerAhead(EIGHT_DAYS);
  expect((await call('PUT', '/_local/clock', { body: { at: at.toISOString() } })).status).toBe(200);
}

type SettleRun = { expired: number; settled: number; pending: number } | { skipped: string };
const settleEscrows = () => call<{ result: SettleRun }>('POST', '/_local/schedules/settle-escrows', { body: {} });

/** Moves both clocks past every CancelAfter, then runs the settlement schedule. */
async function pastCancelAfter() {
  await clocksPastCancelAfter();
  expect((await settleEscrows()).status).toBe(200);
}

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'rr'));
}, 120_000);

describe('a shipped order: fee, tracking, delivery, release', () => {
  it("refuses the seller's tracking before the fee; checks the number with the carrier; releases on delivery to the buyer's ZIP", async () => {
    const order = await fundedSale(seller, buyer, 'ship', 2_000);
    // Funded before the parcel exists, so only the claim on it stops this order from using the same number.
    const other = await fundedSale(seller, buyer, 'ship', 1_000);
    const good = await parcel('78701', '78701');

    const early = await ship(seller, order.id, good);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'platform_fee_required', message: 'Platform Fee Required' });
    // Only the seller: the buyer is the wrong party (403); to anyone else the order does not exist (404).
    expect((await requestFee(buyer, order.id)).status).toBe(403);
    expect((await ship(buyer, order.id, good)).status).toBe(403);
    const fee = await requestFee(seller, order.id);
    expect(fee.body).toMatchObject({ status: 'signing', cents: 50, percent: '2.5' });
    await payFee(seller, order.id);
    expect((await getOrder(seller, order.id)).body.platformFee).toMatchObject({ cents: 50, paid: true });
    expect((await requestFee(seller, order.id)).body).toEqual({ status: 'paid' });

    expect((await ship(seller, order.id, '   ')).status).toBe(400);
    expect((await ship(seller, order.id, '999999999999')).body.error?.code).toBe('tracking_unknown');
    expect((await ship(seller, order.id, await parcel('78701', '10001'))).body.error?.code).toBe('tracking_wrong_zip');
    const shipped = await ship(seller, order.id, ` ${good} `);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      shippingStatus: 'shipped',
      shipment: { trackingNumber: good },
    });

    // The same number can't serve another order.
    await payFee(seller, other.id);
    expect((await ship(seller, other.id, good)).body.error?.code).toBe('tracking_in_use');

    // On its way: nothing is released. Delivered: the webhook triggers a fresh Track read; the inspection period
    // starts, and its end releases the escrow (decision 052).
    await moveParcel(good, 'picked_up');
    expect((await webhook([good])).status).toBe(200);
    expect((await getOrder(buyer, order.id)).body.status).toBe('shipped');
    const before = await rlusdCents(seller);
    await moveParcel(good, 'delivered');
    expect((await webhook([good])).status).toBe(200);
    const delivered = await waitForOrder(buyer, order.id, ['shipped']);
    expect(delivered).toMatchObject({ status: 'delivered', escrowStatus: 'pending', shippingStatus: 'delivered' });
    const hours = (Date.parse(delivered.releaseDueAt!) - Date.parse(delivered.shipment.deliveredAt!)) / 3_600_000;
    expect(hours).toBe(48);
    expect(await rlusdCents(seller)).toBe(before);
    // The schedule before the period ends releases nothing.
    expect((await settleEscrows()).status).toBe(200);
    expect((await getOrder(buyer, order.id)).body.status).toBe('delivered');
    const done = await afterInspection(buyer, order.id, settleAt);
    expect(done).toMatchObject({ status: 'completed', escrowStatus: 'completed', shippingStatus: 'delivered' });
    expect(done.escrow.settlementTxHash).toMatch(/^[0-9A-F]{64}$/);
    // The seller got the order's whole amount (the fee went separately, before).
    expect((await rlusdCents(seller)) - before).toBe(2_000);
    // A replayed webhook changes nothing.
    expect((await webhook([good])).status).toBe(200);
    expect((await getOrder(buyer, order.id)).body.status).toBe('completed');
    // Not pending any more: the seller's actions are refused.
    expect((await ship(seller, order.id, good)).body.error?.code).toBe('order_not_pending');
    const notices = await call<{ latest: { type: string; relatedId: string | null }[] }>(
      'GET',
      '/api/me/notifications/summary',
      {
        token: seller.token,
        from: FROM,
      },
    );
    expect(notices.body.latest).toContainEqual(
      expect.objectContaining({ type: 'escrow_released', relatedId: order.id }),
    );
  }, 120_000);

  it('never releases on a parcel going back to the sender, and refuses a returning number', async () => {
    const order = await fundedSale(seller, buyer, 'ship', 1_100);
    await payFee(seller, order.id);
    const number = await parcel('78701', '78701');
    expect((await ship(seller, order.id, number)).status).toBe(200);
    await moveParcel(number, 'picked_up');
    await moveParcel(number, 'returned_to_sender');
    await moveParcel(number, 'delivered');
    expect((await webhook([number])).status).toBe(200);
    expect((await call('POST', '/_local/schedules/check-deliveries', { body: {} })).status).toBe(200);
    expect((await getOrder(buyer, order.id)).body).toMatchObject({ status: 'shipped', escrowStatus: 'pending' });

    const other = await fundedSale(seller, buyer, 'ship', 1_000);
    await payFee(seller, other.id);
    const returning = await parcel('78701', '78701');
    await moveParcel(returning, 'picked_up');
    await moveParcel(returning, 'returned_to_sender');
    expect((await ship(seller, other.id, returning)).body.error?.code).toBe('tracking_returned');
  }, 120_000);

  it('refuses a parcel delivered before the order existed, or sent before it was funded; releases only a later delivery', async () => {
    // Half an hour ago (the carrier stand-in scans on the functions' clock): one parcel delivered, one picked up.
    expect(
      (await call('PUT', '/_local/clock', { body: { at: new Date(Date.now() - 1_800_000).toISOString() } })).status,
    ).toBe(200);
    const delivered = await parcel('78701', '78701');
    await moveParcel(delivered, 'picked_up');
    await moveParcel(delivered, 'delivered');
    const sentEarly = await parcel('78701', '78701');
    await moveParcel(sentEarly, 'picked_up');
    expect((await call('DELETE', '/_local/clock')).status).toBe(200);
    const order = await fundedSale(seller, buyer, 'ship', 1_200);
    await payFee(seller, order.id);

    const late = await ship(seller, order.id, delivered);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'tracking_delivered',
      message:
        'This parcel has already been delivered. Enter the tracking number of the parcel you are sending for this order.',
    });
    const early = await ship(seller, order.id, sentEarly);
    expect(early.body.error).toMatchObject({
      code: 'tracking_predates_order',
      message:
        'This parcel was shipped before the buyer paid. Enter the tracking number of the parcel you are sending for this order.',
    });
    // Neither was claimed, and nothing the carrier says of them moves the order.
    await moveParcel(sentEarly, 'delivered');
    expect((await webhook([delivered, sentEarly])).status).toBe(200);
    expect((await call('POST', '/_local/schedules/check-deliveries', { body: {} })).status).toBe(200);
    expect((await getOrder(seller, order.id)).body).toMatchObject({ status: 'funded', escrowStatus: 'pending' });

    // A parcel sent after the funding is taken, and its delivery releases the escrow after the inspection period.
    const good = await parcel('78701', '78701');
    expect((await ship(seller, order.id, good)).status).toBe(200);
    await moveParcel(good, 'delivered');
    expect((await webhook([good])).status).toBe(200);
    await waitForOrder(buyer, order.id, ['shipped']);
    expect(await afterInspection(buyer, order.id, settleAt)).toMatchObject({ status: 'completed' });
  }, 120_000);

  it("refuses a webhook without FedEx's signature", async () => {
    const unsigned = { ...signedCarrierWebhook(['123']), headers: { 'fdx-signature': 'AAAA' } };
    expect((await sendRaw(rawRequestOf(routes.carrierWebhook, unsigned, undefined, FROM))).status).toBe(401);
    const missing = { ...signedCarrierWebhook(['123']), headers: {} };
    expect((await sendRaw(rawRequestOf(routes.carrierWebhook, missing, undefined, FROM))).status).toBe(401);
  });
});

describe('a local pickup', () => {
  it("approved with the buyer's code: the fee first, then the escrow is released to the seller", async () => {
    const order = await fundedSale(seller, buyer, 'pickup', 1_500);
    const code = order.pickupCode!;
    expect((await decide(buyer, order.id, 'approve', code)).status).toBe(403);
    expect((await decide(seller, order.id, 'approve', code)).body.error?.code).toBe('platform_fee_required');
    await payFee(seller, order.id);
    const approved = await decide(seller, order.id, 'approve', code);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const done = await waitForOrder(seller, order.id, ['releasing']);
    expect(done).toMatchObject({ status: 'completed', releaseReason: 'pickup_approved' });
    expect((await decide(seller, order.id, 'reject')).status).toBe(409);
  }, 60_000);

  it('rejected, and an order never shipped: both go back to the buyer once the ledger allows it (CancelAfter)', async () => {
    const rejected = await fundedSale(seller, buyer, 'pickup', 1_200);
    const neverShipped = await fundedSale(seller, buyer, 'ship', 1_300);
    const units = await availableOf(rejected.lines[0]!.listingId);
    const refused = await decide(seller, rejected.id, 'reject');
    expect(refused.body).toMatchObject({
      status: 'refunding',
      refundReason: 'pickup_rejected',
      escrowStatus: 'pending',
    });
    const before = await rlusdCents(buyer);
    type Purchases = { items: { id: string; status: string; totalCents: number }[] };
    const purchases = () =>
      call<Purchases>('GET', '/api/me/orders?role=buyer&limit=50', { token: buyer.token, from: FROM });
    const open = (await purchases()).body.items.filter((o) => ['funded', 'shipped', 'refunding'].includes(o.status));

    await pastCancelAfter();
    const back = await waitForOrder(buyer, rejected.id, ['refunding']);
    expect(back).toMatchObject({ status: 'refunded', escrowStatus: 'cancelled' });
    const lapsed = await waitForOrder(buyer, neverShipped.id, ['funded', 'refunding']);
    expect(lapsed).toMatchObject({ status: 'refunded', refundReason: 'expired' });
    // Every escrow nothing released went back: these two and any other still open (the first test's unshipped one).
    const now = new Map((await purchases()).body.items.map((o) => [o.id, o.status]));
    expect(open.map((o) => now.get(o.id))).toEqual(open.map(() => 'refunded'));
    expect((await rlusdCents(buyer)) - before).toBe(open.reduce((sum, o) => sum + o.totalCents, 0));
    // The pickup's unit is for sale again.
    expect(await availableOf(rejected.lines[0]!.listingId)).toBe(units + 1);
    expect((await call('DELETE', '/_local/clock')).status).toBe(200);
  }, 90_000);
});

describe('reconcile', () => {
  it('repairs an order from ledger truth when someone else ended its escrow', async () => {
    const order = await fundedSale(seller, buyer, 'ship', 900);
    // Past its CancelAfter on the ledger only (our clock has not moved): anyone may cancel it now, and a stranger does.
    await ledgerAhead(EIGHT_DAYS);
    await withLedger(async (client) => {
      const stranger = Wallet.generate();
      const res = await fetch(`${inject('ledgerUrl').replace(/^ws/, 'http')}/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ destination: stranger.classicAddress }),
      });
      expect(res.status).toBe(200);
      await client.submitAndWait(
        {
          TransactionType: 'EscrowCancel',
          Account: stranger.classicAddress,
          Owner: buyer.wallet,
          OfferSequence: order.escrow.sequence!,
        },
        { autofill: true, wallet: stranger },
      );
    });
    expect((await getOrder(buyer, order.id)).body.status).toBe('funded');
    const run = await call<{ result: { drift: number; repaired: number } }>(
      'POST',
      '/_local/schedules/reconcile-orders',
      { body: {} },
    );
    expect(run.status).toBe(200);
    expect(run.body.result.repaired).toBeGreaterThanOrEqual(1);
    expect((await getOrder(buyer, order.id)).body).toMatchObject({ status: 'refunded', escrowStatus: 'cancelled' });
  }, 60_000);
});

describe('the settlement schedule', () => {
  it('runs one at a time: nothing while another run holds its lease, then each escrow ends once', async () => {
    const orders = [await fundedSale(seller, buyer, 'pickup', 1_100), await fundedSale(seller, buyer, 'pickup', 1_400)];
    for (const o of orders) expect((await decide(seller, o.id, 'reject')).body.status).toBe('refunding');
    type Purchases = { items: { id: string; status: string; totalCents: number }[] };
    const purchases = async () =>
      (await call<Purchases>('GET', '/api/me/orders?role=buyer&limit=50', { token: buyer.token, from: FROM })).body
        .items;
    const open = (await purchases()).filter((o) => ['funded', 'shipped', 'refunding'].includes(o.status));
    const before = await rlusdCents(buyer);

    // Another run (as a run still going when the next minute's starts) holds the lease.
    const leases = jobLeases(tableService());
    expect(await leases.acquire('settle-escrows', 'a-longer-run', Date.now() + 60_000, Date.now())).toBe(true);
    const cancelAfter = Math.max(...orders.map((o) => Date.parse(o.escrow.cancelAfter)));
    await clocksPastCancelAfter(new Date(Math.max(cancelAfter + 60_000, Date.now() + EIGHT_DAYS * 1000)));
    // Two runs asked for at once (the local control waits for the lease instead of answering 'skipped'); the stack's
    // own minute timer runs meanwhile too.
    const runs = Promise.all([settleEscrows(), settleEscrows()]);
    await new Promise((r) => setTimeout(r, 2_500));
    for (const o of orders) expect((await getOrder(buyer, o.id)).body.status).toBe('refunding');

    await leases.release('settle-escrows', 'a-longer-run');
    for (const run of await runs) {
      expect(run.status).toBe(200);
      expect(run.body.result).toMatchObject({ pending: 0 });
    }
    for (const o of orders) {
      expect(await waitForOrder(buyer, o.id, ['refunding'])).toMatchObject({
        status: 'refunded',
        escrowStatus: 'cancelled',
      });
    }
    // Every open escrow went back once: the buyer's RLUSD rose by exactly their totals.
    const now = new Map((await purchases()).map((o) => [o.id, o.status]));
    expect(open.map((o) => now.get(o.id))).toEqual(open.map(() => 'refunded'));
    expect((await rlusdCents(buyer)) - before).toBe(open.reduce((sum, o) => sum + o.totalCents, 0));
    expect((await call('DELETE', '/_local/clock')).status).toBe(200);
  }, 120_000);
});
