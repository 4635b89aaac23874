/**
 * Checkout figures (docs/bench.md) on a fresh local stack: a buyer and two sellers whose wallets are the Xaman
 * stand-in's dev wallets (real accounts on the local ledger with RLUSD), then
 * - 'Create Escrow & Checkout' to the signing link: POST /api/checkout with a two-seller cart, then POST
 *   /api/orders/{first}/escrow-signing, timed together, sequentially;
 * - signed to funded: from the sign page's Approve answering to the order read as funded in the table;
 * - 1,000 checkouts left to random fates (signing rejected, signing left to expire, never asked to sign), the clocks
 *   moved past every deadline and the reservations schedule run: the units still reserved afterwards.
 * Every checkout is a hold its buyer chose, limited per buyer (docs/decisions/041-no-free-holds.md): each round of the
 * timed part has fresh listings and ends its unpaid orders, and the fates are spread over buyers, three each.
 * Run on its own (`tsx tests/bench/checkout.ts`) it prints the result as JSON.
 */
import { setClock } from '../../functions/adapters/clock';
import { orderStore } from '../../functions/adapters/db/order-store';
import { db } from '../../functions/adapters/db/service';
import { MAX_UNPAID_ORDERS } from '../../functions/core/orders/holds';
import { startBareStack } from './bare-stack';
import { api, listingOf, parties, party, type Party } from './bench-parties';
import { percentile } from './percentile';

const TIMED = 60;
const FUNDED_SAMPLES = 10;
const FATES = 1_000;
const CONCURRENCY = 8;

export interface CheckoutBench {
  toSigningLink: { p50: number; p95: number; n: number };
  signedToFunded: { p50: number; max: number; n: number; closeMs: number };
  fates: {
    checkouts: number;
    rejected: number;
    expired: number;
    unsigned: number;
    reservedAfter: number;
    heldAfter: number;
  };
}

async function signPage(url: string, action: 'approve' | 'reject', wallet?: string): Promise<void> {
  const res = await fetch(`${url}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(wallet ? { wallet } : {}).toString(),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`sign page ${action} -> ${res.status}`);
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export async function checkoutBench(): Promise<CheckoutBench> {
  const stack = await startBareStack('checkout', { testControls: true });
  try {
    const [buyer, sellerA, sellerB] = await Promise.all([
      party(stack, 'buyer', false),
      party(stack, 'sellera', true),
      party(stack, 'sellerb', true),
    ]);
    const asBuyer = api(stack, buyer);
    const listing = (s: Party, priceCents: number, quantity: number) =>
      listingOf(stack, s, { listingType: 'fixed', priceCents, quantity });
    // A buyer holds a listing once a day and has at most three unpaid orders (decision 041): each round checks out
    // fresh listings, and its unpaid orders are ended before the next.
    const freshCart = async () => {
      await asBuyer('DELETE', '/api/me/cart');
      for (const s of [sellerA, sellerB]) {
        await asBuyer('PUT', `/api/me/cart/items/${await listing(s, 100, 10)}`, { quantity: 1 });
      }
    };
    const endUnpaid = async (orders: { id: string }[]) => {
      for (const { id } of orders) {
        const o = await orderStore(db()).get(id);
        if (o?.status === 'awaiting_signature') await orderStore(db()).cancel(o, 'signing_cancelled', o.updatedAt);
      }
    };
    const toSign = async () => {
      const made = await asBuyer<{ orders: { id: string }[] }>('POST', '/api/checkout', {
        shipping: null,
        expectedTotalCents: 200,
      });
      return {
        orders: made.orders,
        signing: await asBuyer<{ signUrl: string; uuid: string }>(
          'POST',
          `/api/orders/${made.orders[0]!.id}/escrow-signing`,
          {},
        ),
      };
    };

    // 'Create Escrow & Checkout' to the signing link, two sellers in the cart.
    await freshCart();
    const cart = await asBuyer<{ items: { listingId: string; status: string; lineTotalCents: number }[] }>(
      'GET',
      '/api/me/cart',
    );
    if (cart.items.length !== 2) throw new Error(`cart: ${JSON.stringify(cart)}`);
    for (let i = 0; i < 5; i++) {
      await endUnpaid((await toSign()).orders);
      await freshCart();
    }
    const samples: number[] = [];
    for (let i = 0; i < TIMED; i++) {
      const t0 = performance.now();
      const { orders } = await toSign();
      samples.push(performance.now() - t0);
      if (orders.length !== 2) throw new Error(`expected two orders, got ${orders.length}`);
      await endUnpaid(orders);
      await freshCart();
    }
    samples.sort((a, b) => a - b);

    // Signed to funded.
    const funded: number[] = [];
    for (let i = 0; i < FUNDED_SAMPLES; i++) {
      await freshCart();
      const { orders, signing } = await toSign();
      await signPage(signing.signUrl, 'approve', buyer.wallet.classicAddress);
      const t0 = performance.now();
      for (;;) {
        const { data } = await db().entities.order.get({ orderId: orders[0]!.id }).go({ consistent: true });
        if (data?.status === 'funded') break;
        if (data?.status === 'cancelled') throw new Error(`order ${orders[0]!.id} was cancelled`);
        if (performance.now() - t0 > 20_000) throw new Error('not funded within 20 s');
        await new Promise((r) => setTimeout(r, 5));
      }
      funded.push(performance.now() - t0);
      await endUnpaid(orders.slice(1));
    }
    funded.sort((a, b) => a - b);
    await asBuyer('DELETE', '/api/me/cart');

    // 1,000 checkouts of one unit each, each left to a random fate: MAX_UNPAID_ORDERS per buyer, one per listing.
    const cheap = await Promise.all(
      Array.from({ length: MAX_UNPAID_ORDERS }, () => listing(sellerA, 1, Math.ceil(FATES / MAX_UNPAID_ORDERS) + 10)),
    );
    const holders = await parties(
      stack,
      Array.from({ length: Math.ceil(FATES / MAX_UNPAID_ORDERS) }, (_, i) => ({ name: `holder${i}`, seller: false })),
    );
    const fates = { rejected: 0, expired: 0, unsigned: 0 };
    // Each holder's checkouts one after another (one cart), holders side by side.
    await mapLimit(holders, CONCURRENCY, async (holder) => {
      const asHolder = api(stack, holder);
      const first = holders.indexOf(holder) * MAX_UNPAID_ORDERS;
      for (let i = first; i < Math.min(first + MAX_UNPAID_ORDERS, FATES); i++) {
        const fate = Math.floor(Math.random() * 3);
        await asHolder('DELETE', '/api/me/cart');
        await asHolder('PUT', `/api/me/cart/items/${cheap[i - first]!}`, { quantity: 1 });
        const made = await asHolder<{ orders: { id: string }[] }>('POST', '/api/checkout', {
          shipping: null,
          expectedTotalCents: 1,
        });
        if (fate === 2) {
          fates.unsigned++;
          continue;
        }
        const signing = await asHolder<{ signUrl: string }>(
          'POST',
          `/api/orders/${made.orders[0]!.id}/escrow-signing`,
          {},
        );
        if (fate === 0) {
          await signPage(signing.signUrl, 'reject');
          fates.rejected++;
        } else fates.expired++;
      }
    });
    // Past every deadline: Xaman's requests expire, the reservations lapse, and the schedule runs until done.
    await fetch(`${stack.env.XAMAN_API_URL}/_test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 3_600 }),
    });
    setClock(new Date(Date.now() + 3_600_000));
    for (;;) {
      const { released } = (await stack.runSchedule('release-reservations')) as { released: number };
      if (released === 0) break;
    }
    const { data: stock } = await db()
      .entities.listing.get(cheap.map((listingId) => ({ listingId })))
      .go({ consistent: true });
    const held = await Promise.all(
      (['awaiting_signature', 'submitting'] as const).map((status) =>
        db().entities.order.query.byStatusDeadline({ status }).go({ pages: 'all' }),
      ),
    );
    setClock(null);
    return {
      toSigningLink: { p50: percentile(samples, 50), p95: percentile(samples, 95), n: TIMED },
      signedToFunded: {
        p50: percentile(funded, 50),
        max: funded[funded.length - 1]!,
        n: FUNDED_SAMPLES,
        closeMs: 1000,
      },
      fates: {
        checkouts: FATES,
        ...fates,
        reservedAfter: stock.reduce((sum, l) => sum + (l.quantityReserved ?? 0), 0),
        heldAfter: held.reduce((sum, r) => sum + r.data.length, 0),
      },
    };
  } finally {
    setClock(null);
    await stack.dispose();
  }
}

export function checkoutRows(c: CheckoutBench): string {
  return [
    `| 'Create Escrow & Checkout' to the signing link, two-seller cart, p50 / p95 (n=${c.toSigningLink.n}) | ${c.toSigningLink.p50.toFixed(1)} / ${c.toSigningLink.p95.toFixed(1)} ms | p95 ≤ 150 ms |`,
    `| signed (sign page's Approve answered) to order funded, p50 / max (n=${c.signedToFunded.n}, 1 s closes) | ${c.signedToFunded.p50.toFixed(0)} / ${c.signedToFunded.max.toFixed(0)} ms | ≤ one close + 500 ms (1,500 ms) |`,
    `| ${c.fates.checkouts} checkouts (${c.fates.rejected} rejected, ${c.fates.expired} left to expire, ${c.fates.unsigned} never signed): units still reserved / orders still holding | ${c.fates.reservedAfter} / ${c.fates.heldAfter} | 0 |`,
  ].join('\n');
}

export const checkoutNotes = `Checkout: a fresh local stack without seed data; the buyer and two sellers are accounts whose wallets are Xaman
stand-in dev wallets (funded on the local ledger with RLUSD), sessions opened directly; free-shipping listings. The
signing link is the first order's (the browser asks for the next one when the first is funded). Signed to funded: Xaman's
webhook triggers the check, the blob is verified, submitted and followed to a validated ledger (250 ms polls; the local
ledger closes every second). The 1,000 checkouts run 8 at a time; Xaman's clock and the functions' clock are then moved an
hour ahead and the reservations schedule runs until it finds nothing.`;

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await checkoutBench()));
  process.exit(0);
}
