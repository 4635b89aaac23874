/**
 * The simulation's world on a fresh local stack (tests/bench/bare-stack.ts): buyers and sellers whose wallets are
 * real accounts on the local ledger (funded by the Xaman stand-in as dev wallets: XRP, an RLUSD trust line, RLUSD),
 * listings made through the API, parcels at the carrier stand-in, and funded orders made by the production checkout
 * and escrow-settling code with the buyer's EscrowCreate signed here by the buyer's own key.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { type Client, Wallet, type SubmittableTransaction } from 'xrpl';
import { cartStore } from '../../../functions/adapters/db/cart-store';
import { orderStore } from '../../../functions/adapters/db/order-store';
import { db } from '../../../functions/adapters/db/service';
import { checkoutDeps, settleDeps } from '../../../functions/wiring/orders';
import { clock } from '../../../functions/adapters/clock';
import { loadLedger } from '../../../functions/adapters/load-ledger';
import { checkout } from '../../../functions/core/orders/checkout';
import type { FeeDeps, FeeRequest } from '../../../functions/core/orders/platform-fee';
import { requestPlatformFee } from '../../../functions/core/orders/request-platform-fee';
import { settlePlatformFee } from '../../../functions/core/orders/settle-platform-fee';
import { escrowCreateTx } from '../../../functions/core/orders/escrow-create';
import type { OrderRecord } from '../../../functions/core/orders/order';
import { settleEscrowSigning } from '../../../functions/core/orders/settle-escrow';
import type { SignRequestState } from '../../../functions/core/signing/ports';
import type { BareStack } from '../../bench/bare-stack';
import { accountFor, api } from '../../bench/bench-parties';
import type { SimLog } from './faults';

/** ZIP codes the carrier stand-in knows (city and state of each). */
export const ZIPS = [
  { zip: '78701', city: 'Austin', state: 'TX' },
  { zip: '10001', city: 'New York', state: 'NY' },
  { zip: '94103', city: 'San Francisco', state: 'CA' },
  { zip: '60601', city: 'Chicago', state: 'IL' },
  { zip: '98101', city: 'Seattle', state: 'WA' },
  { zip: '33101', city: 'Miami', state: 'FL' },
] as const;

export interface Party {
  userId: string;
  username: string;
  token: string;
  wallet: Wallet;
  zip: (typeof ZIPS)[number];
}

/** An account with a complete profile (its address at `zip`) and a session, its wallet a fresh key pair. */
export async function makeParty(name: string, seller: boolean, zip: Party['zip']): Promise<Party> {
  const wallet = Wallet.generate();
  const address = { city: zip.city, state: zip.state, postalCode: zip.zip };
  return { ...(await accountFor(name, seller, wallet, { address, now: clock.now() })), wallet, zip };
}

/** The parties' wallets become Xaman stand-in dev wallets: funded with XRP and 1,000 RLUSD on the local ledger. */
export async function fundWallets(stack: BareStack, parties: readonly Party[]): Promise<void> {
  await stack.standIns.xaman!.walletsReady;
  await stack.standIns.xaman!.adoptWallets(parties.map((p) => ({ seed: p.wallet.seed!, label: p.username })));
}

export async function createListing(
  stack: BareStack,
  seller: Party,
  priceCents: number,
  pickup: boolean,
  quantity = 5_000,
): Promise<string> {
  const made = await api(stack, seller)<{ id: string }>('POST', '/api/listings', {
    title: pickup ? 'Sim Armchair' : 'Sim Desk Lamp',
    description: 'An item for the escrow money-safety simulation.',
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'fixed',
    priceCents,
    quantity,
    shippingType: pickup ? 'local' : 'free',
    location: { zipCode: seller.zip.zip, city: seller.zip.city, state: seller.zip.state },
  });
  return made.id;
}

/** The Xaman stand-in's sign page: approve with a dev wallet, or reject. */
export async function signPage(url: string, action: 'approve' | 'reject', wallet?: string): Promise<void> {
  const res = await fetch(`${url}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(wallet ? { wallet } : {}).toString(),
    redirect: 'manual',
  });
  await res.body?.cancel();
  if (res.status !== 303) throw new Error(`sign page ${action} -> ${res.status}`);
}

/**
 * The seller pays the order's platform fee: the production fee request (a Xaman payload), the seller approves it on
 * the Xaman stand-in's sign page, and the stand-in's webhook to the app settles it (verified, submitted, paid from a
 * validated ledger). If that has not happened after 4 s, the settling is run here too (`settleWith`), as the signing
 * queue's next check would.
 */
export async function payPlatformFee(
  seller: Party,
  orderId: string,
  fee: FeeDeps,
  settleWith: FeeDeps = fee,
  /** The request the seller signs: the fee alone, or the fee with a label (decision 039). */
  ask: () => Promise<FeeRequest> = () => requestPlatformFee(seller.userId, orderId, fee),
) {
  const asked = await ask();
  if (asked.status === 'paid') return;
  await signPage(asked.signUrl, 'approve', seller.wallet.classicAddress);
  const orders = orderStore(db());
  const start = performance.now();
  let settled = false;
  for (;;) {
    if ((await orders.get(orderId))?.fee?.paidAt) return;
    const waited = performance.now() - start;
    if (waited > 4_000 && !settled) {
      settled = true;
      await settlePlatformFee(
        { uuid: asked.uuid, purpose: 'platform-fee', subjectId: orderId, status: 'signed' },
        settleWith,
      );
    }
    if (waited > 30_000) throw new Error(`platform fee of ${orderId} not paid within 30 s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The carrier stand-in's controls: make a parcel, move it on. */
export function carrierControl(carrierUrl: string) {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${carrierUrl}/_control/${path}`, {
      method: path === 'webhook' ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`carrier ${path} -> ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as { trackingNumber: string };
  };
  return {
    parcel: async (fromZip: string, toZip: string) =>
      (await post('parcels', { fromZip, toZip, weightLb: 2 })).trackingNumber,
    move: async (trackingNumber: string, status: string) =>
      void (await post(`parcels/${trackingNumber}/events`, { status })),
    webhookTo: async (url: string | null) => void (await post('webhook', { url })),
    /** The shipments the carrier made with this reference (an order id). */
    byReference: async (reference: string) => {
      const res = await fetch(`${carrierUrl}/_control/parcels`);
      const body = (await res.json()) as { parcels: { trackingNumber: string; reference: string | null }[] };
      return body.parcels.filter((p) => p.reference === reference);
    },
  };
}

export type WebhookPolicy = 'forward' | 'drop' | 'duplicate';

export interface WebhookProxy {
  url: string;
  /** How webhooks naming this tracking number are handled (default forward). */
  policy: Map<string, WebhookPolicy>;
  /** Called with the tracking numbers and the time each webhook was received (bench timing). */
  onReceive?: (numbers: string[], at: number) => void;
  counts: { received: number; forwarded: number; dropped: number; duplicated: number; failed: number };
  /** Forwards still under way (duplicates sent late included). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Between the carrier stand-in and the app: FedEx's signed webhooks are received here and forwarded byte for byte to
 * the app's webhook route (signature intact), dropped (a lost webhook), or sent several times at once and once more
 * later (duplicates and a replay). The carrier gets the app's answer, so a failed delivery is retried by the carrier.
 */
export async function startWebhookProxy(target: string): Promise<WebhookProxy> {
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  };
  const proxy: WebhookProxy = {
    url: '',
    policy: new Map(),
    counts: { received: 0, forwarded: 0, dropped: 0, duplicated: 0, failed: 0 },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: async () => undefined,
  };
  const forward = async (body: Buffer, signature: string): Promise<number> => {
    proxy.counts.forwarded++;
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'fdx-signature': signature },
        body: new Uint8Array(body),
      });
      await res.body?.cancel();
      if (res.status !== 200) proxy.counts.failed++;
      return res.status;
    } catch {
      proxy.counts.failed++;
      return 502;
    }
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks);
      const signature = String(req.headers['fdx-signature'] ?? '');
      proxy.counts.received++;
      let numbers: string[] = [];
      try {
        const parsed = JSON.parse(body.toString('utf8')) as {
          output?: { completeTrackResults?: { trackingNumber?: string }[] };
        };
        numbers = (parsed.output?.completeTrackResults ?? []).map((r) => String(r.trackingNumber));
      } catch {
        // forwarded as it is: the app answers a bad body itself
      }
      proxy.onReceive?.(numbers, at);
      const policy = numbers.map((n) => proxy.policy.get(n) ?? 'forward');
      const handle = async () => {
        if (policy.includes('drop')) {
          proxy.counts.dropped++;
          return 200;
        }
        if (policy.includes('duplicate')) {
          proxy.counts.duplicated++;
          const [first] = await Promise.all([
            forward(body, signature),
            forward(body, signature),
            forward(body, signature),
          ]);
          // A replay a little later, after the first ones were answered.
          void track(new Promise((r) => setTimeout(r, 1_500)).then(() => forward(body, signature)));
          return first;
        }
        return forward(body, signature);
      };
      void track(handle()).then((status) => res.writeHead(status === 200 ? 200 : 503).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fedex`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

export interface FundedOrder {
  order: OrderRecord;
  escrowSequence: number;
}

/**
 * One funded order of one unit of `listingId` bought by `buyer`: the cart line, then the production checkout, the
 * wallet request recorded on the order (its uuid only: the buyer signs here instead of in Xaman), the buyer's
 * EscrowCreate signed with the buyer's key, and the production settling of a signed request (blob verified, hash
 * recorded, submitted, funded from a validated ledger). The buyer's orders must be made one at a time.
 */
export async function fundedOrder(
  client: Client,
  buyer: Party,
  listingId: string,
  priceCents: number,
  log: SimLog,
): Promise<FundedOrder> {
  const now = clock.now();
  await cartStore(db()).put(buyer.userId, listingId, 1, now.toISOString(), 50);
  const deps = await checkoutDeps();
  const [order] = await checkout(buyer.userId, { shipping: null, expectedTotalCents: priceCents }, deps);
  if (!order) throw new Error('checkout made no order');
  const uuid = randomUUID();
  const signing = {
    uuid,
    signUrl: 'sim:',
    qrPngUrl: 'sim:',
    expiresAt: new Date(now.getTime() + 300_000).toISOString(),
  };
  const orders = orderStore(db());
  if (!(await orders.setSigning(order.orderId, signing, order.reservationExpiresAt))) {
    throw new Error(`order ${order.orderId}: signing not recorded`);
  }
  const l = await loadLedger();
  const tx = { ...escrowCreateTx(order, l.rlusd), Account: buyer.wallet.classicAddress };
  const prepared = await client.autofill(tx as unknown as SubmittableTransaction);
  const blob = buyer.wallet.sign(prepared).tx_blob;
  const state: SignRequestState = {
    uuid,
    status: 'signed',
    txType: 'EscrowCreate',
    opened: true,
    expiresAt: signing.expiresAt,
    response: { hex: blob, txid: null, account: buyer.wallet.classicAddress, signerPubkey: null },
    customMeta: { identifier: null, instruction: null, blob: null },
  };
  await settleEscrowSigning(
    { uuid, purpose: 'escrow-create', subjectId: order.orderId, status: 'signed' },
    { ...(await settleDeps(log)), signer: { get: async () => state } },
  );
  const funded = await orders.get(order.orderId);
  if (funded?.status !== 'funded') throw new Error(`order ${order.orderId} is ${funded?.status}, not funded`);
  return { order: funded, escrowSequence: funded.escrowCreate!.sequence };
}
