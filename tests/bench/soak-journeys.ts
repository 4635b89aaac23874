/**
 * What the soak's users do (tests/bench/soak.ts), one journey at a time, through the local gateway as the web app
 * would: each request is named by its route (functions/routes.ts) and timed; a status the journey does not expect
 * (a 5xx, or a 4xx the rules would not give) is an error. Used by the users' worker threads and by the calibration
 * that measures what one journey costs.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** A catalog entry the users know (as from browsing): fixed-price listings and the auctions. */
export interface CatalogListing {
  id: string;
  sellerId: string;
  priceCents: number;
  auction: boolean;
  hot: boolean;
}

export interface SoakUser {
  userId: string;
  token: string;
  address: string;
  seller: boolean;
  /** The loopback address the user's requests come from (one per user, as from that many browsers). */
  localAddress: string;
}

export const JOURNEYS = [
  'browse',
  'itemPage',
  'wishlist',
  'bid',
  'checkout',
  'message',
  'sellerList',
  'sellerShip',
  'sellerInbox',
] as const;
export type Journey = (typeof JOURNEYS)[number];

/** Per route: answer times, statuses, errors (unexpected answers), refusals the rules give (expected 4xx). */
export interface RouteStats {
  ms: number[];
  errors: number;
  serverErrors: number;
  refused: number;
  /** A few unexpected answers, for the report. */
  samples: string[];
}

export interface UserStats {
  routes: Record<string, RouteStats>;
  journeys: Partial<Record<Journey, { runs: number; failed: number; requests: number }>>;
  /** Signed escrows: from the sign page's Approve to the order read as funded. */
  fundedMs: number[];
  ordersFunded: number;
  ordersShipped: number;
}

export const emptyStats = (): UserStats => ({
  routes: {},
  journeys: {},
  fundedMs: [],
  ordersFunded: 0,
  ordersShipped: 0,
});

interface Answer<T> {
  status: number;
  body: T;
}

/** The world's stand-ins the journeys touch besides the gateway: the sign page and the carrier's controls. */
export interface World {
  url: string;
  carrierUrl: string;
  /** A JPEG the sellers upload as a listing photo. */
  photo: Uint8Array;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** One user's browser: its own keep-alive connection from its own loopback address, requests named and timed. */
export class Browser {
  private readonly agent: http.Agent;
  private readonly port: number;
  requests = 0;

  constructor(
    readonly user: SoakUser,
    private readonly world: World,
    readonly stats: UserStats,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: user.localAddress });
    this.port = Number(new URL(world.url).port);
  }

  close() {
    this.agent.destroy();
  }

  private record(route: string, ms: number, status: number, outcome: 'ok' | 'refused' | 'error', text: string) {
    const r = (this.stats.routes[route] ??= { ms: [], errors: 0, serverErrors: 0, refused: 0, samples: [] });
    r.ms.push(ms);
    if (outcome === 'refused') r.refused++;
    if (outcome === 'error') {
      r.errors++;
      if (status >= 500) r.serverErrors++;
      if (r.samples.length < 3) r.samples.push(`${status} ${text.slice(0, 160)}`);
    }
  }

  /**
   * A request as the web app sends it (session, Idempotency-Key on POSTs). `ok` statuses are answers; `refusals` are
   * error codes the rules give in this situation (counted, not errors). Anything else is an error and throws.
   */
  async call<T = Record<string, unknown>>(
    route: string,
    method: string,
    path: string,
    opts: { body?: unknown; ok?: number[]; refusals?: string[] } = {},
  ): Promise<Answer<T>> {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const t0 = performance.now();
    this.requests++;
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          path,
          method,
          agent: this.agent,
          headers: {
            authorization: `Bearer ${this.user.token}`,
            ...(body !== undefined && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            }),
            ...(method === 'POST' && { 'idempotency-key': randomUUID() }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    }).catch((error: unknown) => ({ status: 0, text: String(error) }));
    const ms = performance.now() - t0;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: only an error answer can be that
    }
    const ok = opts.ok ?? [200, 201];
    const code = (parsed as { error?: { code?: string } } | null)?.error?.code;
    const outcome = ok.includes(status)
      ? 'ok'
      : status >= 400 && status < 500 && code && opts.refusals?.includes(code)
        ? 'refused'
        : 'error';
    this.record(route, ms, status, outcome, text);
    if (outcome === 'error') throw new Error(`${route} ${method} ${path} -> ${status} ${text.slice(0, 200)}`);
    return { status, body: parsed as T };
  }

  /** The Xaman stand-in's sign page (the phone): Approve with the user's own dev wallet. */
  async approve(signUrl: string): Promise<void> {
    const res = await fetch(`${signUrl}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ wallet: this.user.address }).toString(),
      redirect: 'manual',
    });
    await res.body?.cancel();
    if (res.status !== 303) throw new Error(`sign page approve -> ${res.status}`);
  }

  async carrier(path: string, body: unknown): Promise<{ trackingNumber: string }> {
    const res = await fetch(`${this.world.carrierUrl}/_control/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`carrier ${path} -> ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as { trackingNumber: string };
  }
}

type Order = { id: string; status: string; platformFee: { paid: boolean } | null; totalCents: number };

const QUERIES = [
  '',
  'sort=newest',
  'category=Home%20%26%20Garden',
  'sort=price-low',
  'sort=ending-soon',
  'search=lamp',
  'search=soak%20chair',
  'listingType=auction',
  'category=Electronics',
];

/** Per user: what it has bought (a buyer holds a listing once a day, decision 041) and its open conversations. */
export interface UserMemory {
  bought: Set<string>;
  wishlist: Set<string>;
  /** Listing photos are uploaded, then the listing made; kept to a few listings a seller. */
  listed: number;
}

export const newMemory = (): UserMemory => ({ bought: new Set(), wishlist: new Set(), listed: 0 });

export interface JourneyContext {
  b: Browser;
  world: World;
  catalog: readonly CatalogListing[];
  memory: UserMemory;
}

const journeys: Record<Journey, (c: JourneyContext) => Promise<void>> = {
  async browse({ b }) {
    const q = pick(QUERIES);
    const page = await b.call<{ nextCursor: string | null }>('listListings', 'GET', `/api/listings?${q}`);
    if (page.body.nextCursor && Math.random() < 0.3) {
      const sep = q ? '&' : '';
      await b.call('listListings', 'GET', `/api/listings?${q}${sep}cursor=${encodeURIComponent(page.body.nextCursor)}`);
    }
  },

  async itemPage({ b, catalog }) {
    const l = pick(catalog);
    await b.call('getListing', 'GET', `/api/listings/${l.id}`);
    await b.call('recordListingView', 'POST', `/api/listings/${l.id}/views`, { body: {}, ok: [200, 201, 202, 204] });
    if (l.auction) await b.call('listBids', 'GET', `/api/listings/${l.id}/bids`);
  },

  async wishlist({ b, catalog, memory }) {
    const l = pick(catalog);
    if (memory.wishlist.has(l.id)) {
      await b.call('removeFromWishlist', 'DELETE', `/api/me/wishlist/${l.id}`);
      memory.wishlist.delete(l.id);
    } else {
      await b.call('addToWishlist', 'PUT', `/api/me/wishlist/${l.id}`, { body: {} });
      memory.wishlist.add(l.id);
    }
    await b.call('getWishlist', 'GET', '/api/me/wishlist');
  },

  async bid({ b, catalog }) {
    const auctions = catalog.filter((l) => l.auction);
    const hot = auctions.filter((l) => l.hot);
    // Most bids go to the three hot auctions.
    const l = Math.random() < 0.7 ? pick(hot) : pick(auctions);
    const seen = await b.call<{ currentBidCents: number | null; startingBidCents: number | null }>(
      'getListing',
      'GET',
      `/api/listings/${l.id}`,
    );
    const current = seen.body.currentBidCents ?? seen.body.startingBidCents ?? l.priceCents;
    await b.call('placeBid', 'POST', `/api/listings/${l.id}/bids`, {
      body: { amountCents: current + 1 + Math.floor(Math.random() * 25) },
      ok: [201],
      refusals: ['too_low', 'not_above_own_max', 'insufficient_balance', 'auction_ended'],
    });
  },

  async checkout({ b, catalog, memory }) {
    const choices = catalog.filter((l) => !l.auction && !memory.bought.has(l.id) && l.sellerId !== b.user.userId);
    if (choices.length === 0) return;
    const l = pick(choices);
    memory.bought.add(l.id);
    await b.call('getListing', 'GET', `/api/listings/${l.id}`);
    await b.call('setCartItem', 'PUT', `/api/me/cart/items/${l.id}`, { body: { quantity: 1 } });
    const cart = await b.call<{ items: { lineTotalCents: number }[] }>('getCart', 'GET', '/api/me/cart');
    const total = cart.body.items.reduce((sum, i) => sum + i.lineTotalCents, 0);
    const made = await b.call<{ orders: Order[] }>('checkout', 'POST', '/api/checkout', {
      body: { shipping: null, expectedTotalCents: total },
      ok: [201],
    });
    const order = made.body.orders[0]!;
    const signing = await b.call<{ signUrl: string }>(
      'requestEscrowSigning',
      'POST',
      `/api/orders/${order.id}/escrow-signing`,
      {
        body: {},
      },
    );
    await b.approve(signing.body.signUrl);
    const t0 = performance.now();
    // The purchase page follows the order until it is funded.
    for (;;) {
      await sleep(1_000);
      const o = await b.call<Order>('getOrder', 'GET', `/api/orders/${order.id}`);
      if (o.body.status === 'funded') break;
      if (o.body.status === 'cancelled') throw new Error(`order ${order.id} was cancelled`);
      if (performance.now() - t0 > 60_000) throw new Error(`order ${order.id} not funded within 60 s`);
    }
    b.stats.fundedMs.push(performance.now() - t0);
    b.stats.ordersFunded++;
  },

  async message({ b, catalog }) {
    const l = pick(catalog.filter((x) => !x.auction && x.sellerId !== b.user.userId));
    const started = await b.call<{ conversation: { id: string } }>(
      'startConversation',
      'POST',
      '/api/me/conversations',
      {
        body: { listingId: l.id },
      },
    );
    const id = started.body.conversation.id;
    await b.call('listMessages', 'GET', `/api/me/conversations/${id}/messages`);
    await b.call('sendMessage', 'POST', `/api/me/conversations/${id}/messages`, {
      body: { content: 'Hi, is this still available? Could you ship it this week?' },
    });
    if (Math.random() < 0.5) {
      // An offer below the price; the seller may have one pending already (one at a time per conversation).
      await b.call('makeOffer', 'POST', `/api/me/conversations/${id}/offers`, {
        body: { amountCents: Math.max(1, Math.floor(l.priceCents * 0.8)), expires: true },
        ok: [201],
        refusals: ['offer_open', 'insufficient_balance'],
      });
    }
  },

  async sellerList({ b, world, memory }) {
    const ticket = await b.call<{ url: string; fields: Record<string, string>; key: string }>(
      'startListingPhotoUpload',
      'POST',
      '/api/listing-photos/uploads',
      { body: { contentType: 'image/jpeg', size: world.photo.length }, ok: [201] },
    );
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.body.fields)) form.append(name, value);
    form.append('file', new Blob([world.photo as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'photo.jpg');
    const up = await fetch(ticket.body.url, { method: 'POST', body: form });
    await up.body?.cancel();
    if (!up.ok) throw new Error(`presigned upload -> ${up.status}`);
    await b.call('createListing', 'POST', '/api/listings', {
      ok: [201],
      body: {
        title: 'Soak Chair',
        description: 'A chair listed during the soak.',
        category: 'Home & Garden',
        condition: 'good',
        listingType: 'fixed',
        priceCents: 500 + Math.floor(Math.random() * 2_000),
        quantity: 5,
        shippingType: 'free',
        location: { zipCode: '78701', city: 'Austin', state: 'TX' },
        acceptOffers: true,
        photoKeys: [ticket.body.key],
      },
    });
    memory.listed++;
    await b.call('listMyListings', 'GET', '/api/me/listings');
  },

  async sellerShip({ b }) {
    const mine = await b.call<{ items: Order[] }>('listMyOrders', 'GET', '/api/me/orders?role=seller&limit=20');
    const order = mine.body.items.find((o) => o.status === 'funded');
    if (!order) return;
    await b.call('getOrder', 'GET', `/api/orders/${order.id}`);
    if (!order.platformFee?.paid) {
      const fee = await b.call<{ status: string; signUrl?: string }>(
        'requestPlatformFee',
        'POST',
        `/api/orders/${order.id}/platform-fee`,
        {
          body: {},
        },
      );
      if (fee.body.status === 'signing') {
        await b.approve(fee.body.signUrl!);
        const t0 = performance.now();
        for (;;) {
          await sleep(1_000);
          const o = await b.call<Order>('getOrder', 'GET', `/api/orders/${order.id}`);
          if (o.body.platformFee?.paid) break;
          if (performance.now() - t0 > 60_000) throw new Error(`fee of ${order.id} not paid within 60 s`);
        }
      }
    }
    // The parcel at the carrier (the seller drops it off), the tracking number on the order, then the carrier's
    // scans (each a signed webhook to the app): in transit, delivered.
    const { trackingNumber } = await b.carrier('parcels', { fromZip: '78701', toZip: '78701', weightLb: 2 });
    await b.call('shipOrder', 'POST', `/api/orders/${order.id}/shipment`, { body: { trackingNumber } });
    for (const status of ['picked_up', 'in_transit', 'delivered']) {
      await b.carrier(`parcels/${trackingNumber}/events`, { status });
    }
    b.stats.ordersShipped++;
  },

  async sellerInbox({ b }) {
    const list = await b.call<{ items: { id: string; unreadCount: number }[] }>(
      'listConversations',
      'GET',
      '/api/me/conversations',
    );
    const unread = list.body.items.find((c) => c.unreadCount > 0);
    if (unread) {
      await b.call('listMessages', 'GET', `/api/me/conversations/${unread.id}/messages`);
      await b.call('markConversationRead', 'POST', `/api/me/conversations/${unread.id}/read`, { body: {} });
      await b.call('sendMessage', 'POST', `/api/me/conversations/${unread.id}/messages`, {
        body: { content: 'Yes, it ships tomorrow.' },
      });
    }
    const offers = await b.call<{ items: { id: string; status: string; senderId: string }[] }>(
      'listMyOffers',
      'GET',
      '/api/me/offers',
    );
    const pending = offers.body.items.find((o) => o.status === 'pending' && o.senderId !== b.user.userId);
    if (pending) {
      await b.call('rejectOffer', 'POST', `/api/me/offers/${pending.id}/reject`, {
        body: {},
        // Expired or answered since the list was read.
        refusals: ['not_pending'],
      });
    }
  },
};

/** Runs one journey, counting it; a failed step ends the journey (its error is already counted on its route). */
export async function runJourney(name: Journey, c: JourneyContext): Promise<boolean> {
  const j = (c.b.stats.journeys[name] ??= { runs: 0, failed: 0, requests: 0 });
  const before = c.b.requests;
  j.runs++;
  try {
    await journeys[name](c);
    return true;
  } catch {
    j.failed++;
    return false;
  } finally {
    j.requests += c.b.requests - before;
  }
}

/** How often a buyer or a seller starts each journey (weights; browse and search about 70 % of all). */
export const BUYER_MIX: readonly [Journey, number][] = [
  ['browse', 70],
  ['itemPage', 14],
  ['wishlist', 4],
  ['bid', 6],
  ['checkout', 3],
  ['message', 3],
];
export const SELLER_MIX: readonly [Journey, number][] = [
  ['browse', 50],
  ['sellerInbox', 20],
  ['sellerShip', 25],
  ['sellerList', 5],
];

export function pickJourney(mix: readonly [Journey, number][]): Journey {
  const total = mix.reduce((s, [, w]) => s + w, 0);
  let r = Math.random() * total;
  for (const [j, w] of mix) {
    r -= w;
    if (r < 0) return j;
  }
  return mix[0]![0];
}
