import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { call } from './auth-support';
import { bid } from './bid-support';
import { listItem } from './checkout-support';
import type { Account } from './route-support';

/** How long the test auctions run: just over the shortest an auction may (5 minutes). */
export const AUCTION_MS = 6 * 60_000;

/** Runs a schedule now through the local control, as at `at` (its run time) when given; its result. */
export async function runSchedule<T = Record<string, number>>(name: string, at?: Date): Promise<T> {
  const r = await call<{ result: T }>('POST', `/_local/schedules/${name}`, {
    body: at ? { at: at.toISOString() } : {},
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

export const closeAuctions = (at: Date) =>
  runSchedule<{ sold: number; unsold: number; skipped: number; reannounced: number; failed: number }>(
    'close-auctions',
    at,
  );

export const lapseUnpaid = (at: Date) => runSchedule<{ lapsed: number; failed: number }>('lapse-unpaid-orders', at);

/** A short auction of the seller's (free shipping unless `body` says otherwise): its id and end. */
export async function shortAuction(
  seller: Account,
  body: Record<string, unknown> = {},
): Promise<{ listingId: string; endsAt: Date }> {
  // Whole seconds: a schedule's run time is (EventBridge Scheduler's `time` has no milliseconds).
  const endsAt = new Date(Math.ceil((Date.now() + AUCTION_MS) / 1000) * 1000);
  const listingId = await listItem(seller, {
    priceCents: undefined,
    listingType: 'auction',
    startingBidCents: 1_000,
    endsAt: endsAt.toISOString(),
    ...body,
  });
  return { listingId, endsAt };
}

/** Bids in order, each accepted. */
export async function bidsOn(listingId: string, bids: [Account, number][]): Promise<void> {
  for (const [a, amount] of bids) {
    const r = await bid(a, listingId, amount);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
}

/** A moment `ms` after an auction's end (a whole second when the end is one and `ms` is whole seconds). */
export const after = (endsAt: Date, ms = 1_000) => new Date(endsAt.getTime() + ms);

/** The buyer's auction orders to pay (the cart's list). */
export async function awaitingPayment(a: Account): Promise<Order[]> {
  const r = await call<{ items: Order[] }>('GET', '/api/me/orders/awaiting-payment', { token: a.token, from: a.from });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items;
}

/** The buyer's order awaiting payment for this listing. */
export async function orderFor(a: Account, listingId: string): Promise<Order | undefined> {
  return (await awaitingPayment(a)).find((o) => o.lines[0]?.listingId === listingId);
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` after every earlier call has finished. A close run at a future time ends every auction due by then, so
 * helpers that list, bid and close side by side (the route-table fixtures) take turns: one's close must not end
 * another's auction before its bids are in.
 */
export function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

/** An auction of `seller`'s that `winner` won (bidding `amount`, alone) and the schedule closed: its order. */
export function wonAuction(
  seller: Account,
  winner: Account,
  amount = 2_000,
  listing: Record<string, unknown> = {},
): Promise<Order> {
  return oneAtATime(async () => {
    const { listingId, endsAt } = await shortAuction(seller, { startingBidCents: 1_000, ...listing });
    await bidsOn(listingId, [[winner, amount]]);
    await closeAuctions(after(endsAt));
    const order = await orderFor(winner, listingId);
    expect(order, 'the winner has an order awaiting payment').toBeDefined();
    return order!;
  });
}

export function pay(
  a: Account,
  orderId: string,
  expectedTotalCents: number,
  key: string = randomUUID(),
  localPickup = false,
) {
  return call<Order & { error?: { code: string; message: string } }>('POST', `/api/orders/${orderId}/payment`, {
    token: a.token,
    from: a.from,
    body: { shipping: null, expectedTotalCents, localPickup },
    idempotencyKey: key,
  });
}

export function offerSecondChance(seller: Account, orderId: string) {
  return call<Order & { error?: { code: string; message: string } }>('POST', `/api/orders/${orderId}/second-chance`, {
    token: seller.token,
    from: seller.from,
    body: {},
  });
}

export function relist(seller: Account, listingId: string, endsAt: Date) {
  return call<{ id: string; error?: { code: string; message: string } }>('POST', `/api/listings/${listingId}/relist`, {
    token: seller.token,
    from: seller.from,
    body: { endsAt: endsAt.toISOString() },
  });
}

export type Notice = { type: string; title: string; message: string; relatedId: string | null };

/** The account's notifications about `relatedId` (through the events queue), once `count` have arrived or time is up. */
export async function noticesAbout(a: Account, relatedId: string, count = 1, timeoutMs = 10_000): Promise<Notice[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call<{ items: Notice[] }>('GET', '/api/me/notifications?limit=50', {
      token: a.token,
      from: a.from,
    });
    const about = r.body.items.filter((n) => n.relatedId === relatedId);
    if (about.length >= count || Date.now() > until) return about;
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** A listing as its page answers (404 reads as null). */
export async function pageStatus(listingId: string): Promise<string | null> {
  const r = await call<{ status: string }>('GET', `/api/listings/${listingId}`);
  return r.status === 404 ? null : r.body.status;
}

/** Whether a search for `word` lists the listing. */
export async function searchFinds(word: string, listingId: string): Promise<boolean> {
  const r = await call<{ items: { id: string }[] }>('GET', `/api/listings?search=${encodeURIComponent(word)}`);
  expect(r.status).toBe(200);
  return r.body.items.some((l) => l.id === listingId);
}
