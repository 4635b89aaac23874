/**
 * Checkout and the message send in both shapes (decision 075), the same run: each shape on a fresh local stack in a
 * child process of its own, first the handlers in the stack's process, then in a pool of worker processes that serve
 * one request at a time as Lambda containers do.
 * - checkout: buyers at once, each checking out a two-seller cart again and again (fresh listings each time, its unpaid
 *   orders ended after each: decision 041); timed is 'Create Escrow & Checkout' to the signing link (POST /api/checkout,
 *   then POST /api/orders/{first}/escrow-signing);
 * - message send: senders at once, each sending in its conversation with one seller (within the per-user limit); timed
 *   is the POST to its 201.
 * `npx tsx tests/bench/two-shapes.ts [--write]` runs it alone (`--write` puts its rows into docs/bench.md);
 * `--shape one-process|lambda` runs one shape and prints its JSON.
 */
import os from 'node:os';
import { orderStore } from '../../functions/adapters/db/order-store';
import { db } from '../../functions/adapters/db/service';
import { startBareStack, type BareStack } from './bare-stack';
import { runAlone, type BenchRows } from './bench-doc';
import { api, listingOf, parties, type Party } from './bench-parties';
import { percentile } from './percentile';
import { poolDelta, poolUseText, type PoolUse } from './pool-use';
import { LAMBDA_WORKERS, shapeOptions, runShapeIfAsked, shapeInChild, type Shape } from './shapes';

const BUYERS = 8;
const CHECKOUTS_EACH = 12;
const SENDERS = 40;
/** Under the per-user limit of 30 a minute (RATE_LIMITS.sendMessage). */
const MESSAGES_EACH = 20;
const SENDING_AT_ONCE = 16;
/** Requests before the timed ones, not counted: handler modules loaded in every worker, connections open. */
const WARM_UP_EACH = 2;

export interface LoadFigures {
  n: number;
  atOnce: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  pool?: PoolUse;
}

export interface TwoShapesRun {
  shape: Shape;
  loadAtStart: number;
  checkout: LoadFigures;
  message: LoadFigures;
}

export interface TwoShapesBench {
  oneProcess: TwoShapesRun;
  lambda: TwoShapesRun;
}

function figures(samples: number[], seconds: number, atOnce: number, pool?: PoolUse): LoadFigures {
  const ms = [...samples].sort((a, b) => a - b);
  return {
    n: ms.length,
    atOnce,
    perSecond: ms.length / seconds,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    ...(pool && { pool }),
  };
}

/** Runs `each(i)` for workers 0..n-1 at once; the time from the first start to the last end, in seconds. */
async function atOnce(n: number, each: (i: number) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => each(i)));
  return (performance.now() - t0) / 1000;
}

async function checkoutLoad(stack: BareStack, sellers: Party[], buyers: Party[]): Promise<LoadFigures> {
  const rounds = WARM_UP_EACH + CHECKOUTS_EACH;
  // The listings first, two a checkout: a buyer holds a listing once a day (decision 041).
  const listings: string[][][] = buyers.map(() => []);
  await atOnce(BUYERS, async (i) => {
    for (let r = 0; r < rounds; r++) {
      const pair: string[] = [];
      for (const s of sellers)
        pair.push(await listingOf(stack, s, { listingType: 'fixed', priceCents: 100, quantity: 10 }));
      listings[i]!.push(pair);
    }
  });
  const samples: number[] = [];
  const checkoutRound = async (i: number, round: number, timed: boolean) => {
    const asBuyer = api(stack, buyers[i]!);
    await asBuyer('DELETE', '/api/me/cart');
    for (const id of listings[i]![round]!) await asBuyer('PUT', `/api/me/cart/items/${id}`, { quantity: 1 });
    const t0 = performance.now();
    const made = await asBuyer<{ orders: { id: string }[] }>('POST', '/api/checkout', {
      shipping: null,
      expectedTotalCents: 200,
    });
    await asBuyer('POST', `/api/orders/${made.orders[0]!.id}/escrow-signing`, {});
    if (timed) samples.push(performance.now() - t0);
    if (made.orders.length !== 2) throw new Error(`expected two orders, got ${made.orders.length}`);
    // Ended as an unpaid order lapses: a buyer may hold three (decision 041).
    for (const { id } of made.orders) {
      const o = await orderStore(db()).get(id);
      if (o?.status === 'awaiting_signature') await orderStore(db()).cancel(o, 'signing_cancelled', o.updatedAt);
    }
  };
  await atOnce(BUYERS, async (i) => {
    for (let r = 0; r < WARM_UP_EACH; r++) await checkoutRound(i, r, false);
  });
  const before = stack.httpPool?.stats();
  const seconds = await atOnce(BUYERS, async (i) => {
    for (let r = WARM_UP_EACH; r < rounds; r++) await checkoutRound(i, r, true);
  });
  const pool = before && poolDelta(before, stack.httpPool!.stats());
  // Checkouts a second: whole rounds (the cart filled, the two timed requests, the orders ended) over the time.
  return figures(samples, seconds, BUYERS, pool);
}

async function messageLoad(stack: BareStack, seller: Party, senders: Party[]): Promise<LoadFigures> {
  const conversations = await Promise.all(
    senders.map(async (s) => {
      const made = await api(stack, s)<{ conversation: { id: string } }>('POST', '/api/me/conversations', {
        sellerId: seller.userId,
      });
      return made.conversation.id;
    }),
  );
  const send = (i: number, n: number) =>
    api(stack, senders[i]!)('POST', `/api/me/conversations/${conversations[i]}/messages`, {
      content: `Is it still available? (${n})`,
    });
  // Every sender's first sends warm up (each worker loads the send's modules).
  await atOnce(SENDING_AT_ONCE, async (lane) => {
    for (let i = lane; i < SENDERS; i += SENDING_AT_ONCE) for (let n = 0; n < WARM_UP_EACH; n++) await send(i, n);
  });
  const samples: number[] = [];
  const queue = senders.flatMap((_, i) =>
    Array.from({ length: MESSAGES_EACH - WARM_UP_EACH }, (__, n) => [i, n + WARM_UP_EACH] as const),
  );
  // Interleaved, so no sender has two sends in flight: sender by sender within each turn.
  queue.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const before = stack.httpPool?.stats();
  let next = 0;
  const seconds = await atOnce(SENDING_AT_ONCE, async () => {
    while (next < queue.length) {
      const [i, n] = queue[next++]!;
      const t0 = performance.now();
      await send(i, n);
      samples.push(performance.now() - t0);
    }
  });
  const pool = before && poolDelta(before, stack.httpPool!.stats());
  return figures(samples, seconds, SENDING_AT_ONCE, pool);
}

async function twoShapesRun(shape: Shape): Promise<TwoShapesRun> {
  const loadAtStart = os.loadavg()[0]!;
  const stack = await startBareStack(
    'two-shapes',
    shapeOptions(shape, [
      'createListing',
      'clearCart',
      'setCartItem',
      'checkout',
      'requestEscrowSigning',
      'startConversation',
      'sendMessage',
    ]),
  );
  try {
    const people = await parties(stack, [
      { name: 'sellera', seller: true },
      { name: 'sellerb', seller: true },
      ...Array.from({ length: BUYERS }, (_, i) => ({ name: `buyer${i}`, seller: false })),
      ...Array.from({ length: SENDERS }, (_, i) => ({ name: `sender${i}`, seller: false })),
    ]);
    const sellers = people.slice(0, 2);
    const buyers = people.slice(2, 2 + BUYERS);
    const senders = people.slice(2 + BUYERS);
    const checkout = await checkoutLoad(stack, sellers, buyers);
    const message = await messageLoad(stack, sellers[0]!, senders);
    return { shape, loadAtStart, checkout, message };
  } finally {
    await stack.dispose();
  }
}

export async function twoShapes(): Promise<TwoShapesBench> {
  return {
    oneProcess: shapeInChild<TwoShapesRun>(import.meta.url, 'one-process'),
    lambda: shapeInChild<TwoShapesRun>(import.meta.url, 'lambda'),
  };
}

const PREFIX = '| two shapes:';

function rowsOf(what: string, unit: string, one: LoadFigures, lambda: LoadFigures): string[] {
  const f = (x: LoadFigures) =>
    `${x.perSecond.toFixed(1)} ${unit}/s, ${x.p50.toFixed(1)} / ${x.p95.toFixed(1)} / ${x.p99.toFixed(1)} ms`;
  return [
    `${PREFIX} ${what}, one process: ${unit} a second, p50 / p95 / p99 (n=${one.n}, ${one.atOnce} at once) | ${f(one)} | |`,
    `${PREFIX} ${what}, Lambda shape (${LAMBDA_WORKERS} worker processes): ${unit} a second, p50 / p95 / p99 (n=${lambda.n}, ${lambda.atOnce} at once) | ${f(lambda)} | |`,
    `${PREFIX} ${what}, Lambda shape against one process: rate, p95 | ${((100 * lambda.perSecond) / one.perSecond).toFixed(0)} %, ${(lambda.p95 / one.p95).toFixed(2)}× | ≥ 70 %, ≤ 2× |`,
    ...(lambda.pool ? [`${PREFIX} ${what}, Lambda shape: the pool | ${poolUseText(lambda.pool)} | |`] : []),
  ];
}

export function twoShapesRows(r: TwoShapesBench): BenchRows {
  const rows = [
    ...rowsOf(
      "'Create Escrow & Checkout' to the signing link, two-seller cart",
      'checkouts',
      r.oneProcess.checkout,
      r.lambda.checkout,
    ),
    ...rowsOf('message send (POST to 201)', 'messages', r.oneProcess.message, r.lambda.message),
    `${PREFIX} the machine's 1-minute load average as each shape started (one process, Lambda shape; ${os.cpus().length} cores) | ${r.oneProcess.loadAtStart.toFixed(1)}, ${r.lambda.loadAtStart.toFixed(1)} | |`,
  ].join('\n');
  return { prefix: PREFIX, rows, notes: twoShapesNotes };
}

const twoShapesNotes = `Two shapes: checkout and the message send on a fresh local stack per shape (no seed data), one shape after the
other in the same run, each in its own process: first the HTTP handlers in the stack's process, then in
${LAMBDA_WORKERS} worker processes serving one request at a time each, as Lambda containers (decision 075). Checkout:
${BUYERS} buyers at once, each checking out a two-seller cart ${CHECKOUTS_EACH} times (fresh free-shipping listings each
time; the cart filled, then the timed POST /api/checkout and POST /api/orders/{first}/escrow-signing, then its orders
ended as lapsed); checkouts a second count whole rounds. Message send: ${SENDERS} senders, ${SENDING_AT_ONCE} sends in
flight, ${MESSAGES_EACH - WARM_UP_EACH} timed sends each in a conversation with one seller. ${WARM_UP_EACH} rounds per
person first are not counted.`;

await runShapeIfAsked(import.meta.url, twoShapesRun);
await runAlone(import.meta.url, twoShapes, twoShapesRows);
