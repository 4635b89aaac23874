import { randomUUID } from 'node:crypto';
import { Client } from 'xrpl';
import { expect, inject } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { approve, call, postForm } from './auth-support';
import { buyerProfile, listingBody, sellerProfile, signUp, type Account } from './route-support';

/** A buyer and a seller with funded wallets (XRP, an RLUSD line and RLUSD), profiles complete, selling turned on. */
export async function buyerAndSeller(from: string, prefix: string): Promise<{ buyer: Account; seller: Account }> {
  const [buyer, seller] = await Promise.all([signUp(from, `${prefix}b`), signUp(from, `${prefix}s`)]);
  for (const [a, profile] of [
    [buyer, buyerProfile],
    [seller, sellerProfile],
  ] as const) {
    const saved = await call('PUT', '/api/me/profile', { token: a.token, from, body: profile });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return { buyer, seller };
}

export async function listItem(seller: Account, body: Record<string, unknown> = {}): Promise<string> {
  const made = await call<{ id: string }>('POST', '/api/listings', {
    token: seller.token,
    from: seller.from,
    body: { ...listingBody, shippingType: 'free', ...body },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}

export async function putInCart(buyer: Account, listingId: string, quantity = 1): Promise<void> {
  const put = await call('PUT', `/api/me/cart/items/${listingId}`, {
    token: buyer.token,
    from: buyer.from,
    body: { quantity },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

export type CheckoutReply = { checkoutId: string; orders: Order[]; error?: { code: string; message: string } };

export function checkout(
  buyer: Account,
  expectedTotalCents: number,
  opts: { key?: string; shipping?: { quoteId: string; optionId: string } | null } = {},
) {
  return call<CheckoutReply>('POST', '/api/checkout', {
    token: buyer.token,
    from: buyer.from,
    body: { shipping: opts.shipping ?? null, expectedTotalCents },
    headers: { 'idempotency-key': opts.key ?? randomUUID() },
  });
}

export type Signing = { orderId: string; uuid: string; signUrl: string; qrPngUrl: string; expiresAt: string };

export async function requestSigning(buyer: Account, orderId: string) {
  return call<Signing & { error?: { code: string; message: string } }>(
    'POST',
    `/api/orders/${orderId}/escrow-signing`,
    {
      token: buyer.token,
      from: buyer.from,
      body: {},
      headers: { 'idempotency-key': randomUUID() },
    },
  );
}

export const getOrder = (a: Account, orderId: string) =>
  call<Order>('GET', `/api/orders/${orderId}`, { token: a.token, from: a.from });

/** Waits until the order leaves the given statuses (the webhook or the signing queue settles it). */
export async function waitForOrder(a: Account, orderId: string, leaving: Order['status'][], timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const order = await getOrder(a, orderId);
    expect(order.status).toBe(200);
    if (!leaving.includes(order.body.status) || Date.now() > until) return order.body;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs the order's EscrowCreate on the Xaman stand-in with the buyer's wallet and waits for the outcome. */
export async function signAndFund(buyer: Account, orderId: string): Promise<Order> {
  const signing = await requestSigning(buyer, orderId);
  expect(signing.status, JSON.stringify(signing.body)).toBe(201);
  await approve(signing.body.signUrl, buyer.wallet);
  return waitForOrder(buyer, orderId, ['awaiting_signature', 'submitting']);
}

export async function reject(signUrl: string): Promise<void> {
  expect((await postForm(signUrl, 'reject')).status).toBe(303);
}

/** The ledger read with the real xrpl client (what production reads from rippled). */
export async function withLedger<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(inject('ledgerUrl'));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.disconnect();
  }
}

/** Units of a listing as its page says. */
export async function availableOf(listingId: string): Promise<number> {
  const l = await call<{ quantityAvailable: number; quantity: number }>('GET', `/api/listings/${listingId}`);
  return l.body.quantityAvailable;
}
