/**
 * Escrow money-safety simulation (decision 028): `npm run sim:escrow -- [--orders N] [--seed S] [--json]`.
 *
 * N funded orders (default 1,000) on a fresh local stack, each given a random fate (seeded, the seed printed): the
 * sellers' actions, the carrier's scans and webhooks, and the schedules run by the production core code against the
 * local ledger, DynamoDB Local and the Xaman and carrier stand-ins, with outages, lost and duplicated webhooks,
 * redelivered jobs and killed workers injected through wrapped ports (faults.ts). Then both clocks move past every
 * CancelAfter and the schedules run until nothing is left to do. The run fails (exit 1) unless every escrow ended
 * exactly one way on the ledger (finished exactly for the parcels delivered to the buyer and the pickups approved with
 * the buyer's code, never while a dispute holds the release (decision 053) unless an administrator released it,
 * nor while a return asked before release holds it (decision 054) unless the return lapsed, unless the fulfillment was
 * lost; cancelled back to the buyer for all others), the orders and returns agree with the ledger, no fee was paid
 * twice, every refund of a return after release was paid once, and the RLUSD on all trust lines is what it was before
 * (and each account moved by exactly what its orders, fees and refunds say).
 */
import { randomInt } from 'node:crypto';
import { Client } from 'xrpl';
import { clock, setClock } from '../../../functions/adapters/clock';
import { orderPickupStore } from '../../../functions/adapters/db/order-pickup-store';
import { orderStore } from '../../../functions/adapters/db/order-store';
import { db } from '../../../functions/adapters/db/service';
import { loadLedger } from '../../../functions/adapters/load-ledger';
import { getOrder } from '../../../functions/core/orders/get-order';
import { checkDeliveries } from '../../../functions/core/orders/check-deliveries';
import { checkParcels } from '../../../functions/core/orders/delivery';
import { MAX_UNPAID_ORDERS } from '../../../functions/core/orders/holds';
import { settleEscrows } from '../../../functions/core/orders/settle-escrows';
import type { SubmitOutcome } from '../../../functions/core/ledger/ports';
import type { OrderRecord, OrderStatus } from '../../../functions/core/orders/order';
import { reconcileOrders } from '../../../functions/core/orders/reconcile-orders';
import { decidePickup } from '../../../functions/core/orders/decide-pickup';
import { paymentCents } from '../../../functions/core/orders/platform-fee';
import { buyPaidLabel } from '../../../functions/core/orders/buy-paid-label';
import { requestLabelPayment } from '../../../functions/core/orders/request-label-payment';
import { shipOrder } from '../../../functions/core/orders/ship-order';
import { labelDeps } from '../../../functions/wiring/orders';
import { AppError } from '../../../functions/lib/errors';
import { startBareStack, type BareStack } from '../../bench/bare-stack';
import {
  CountingLog,
  KILL_POINTS,
  Killed,
  breakVault,
  newWorker,
  Unreachable,
  type KillPoint,
  type Worker,
  type WorkerFaults,
} from './faults';
import { accountHistory, microsToCents, openEscrows, rlusdOnLines, type LedgerTx } from './ledger-truth';
import { rng, type Rng } from './prng';
import { HELD_UNITS, holdStock } from './stock-holder';
import { DEFAULT_PROTECTION } from '../../../functions/core/orders/protection';
import { protectionSettings } from '../../../functions/wiring/orders';
import { orderDisputeStore } from '../../../functions/adapters/db/order-dispute-store';
import { auditLogStore } from '../../../functions/adapters/db/audit-log-store';
import { openDispute } from '../../../functions/core/disputes/open-dispute';
import { refundDispute } from '../../../functions/core/disputes/refund-dispute';
import { resolveDispute } from '../../../functions/core/disputes/resolve-dispute';
import type { PhotoStore } from '../../../functions/core/listings/photos';
import { RETURN_REFUND_MEMO_TYPE } from '../../../functions/core/returns/return-refund';
import { releaseDeadline } from '../../../functions/core/orders/protection';
import { returnSteps } from './returns';
import type { ReturnRecord } from '../../../functions/core/returns/ports';

/** Who the simulation's administrator decisions are recorded as (decision 068: every one is audited). */
const SIM_ADMIN = 'sim-admin';
const DISPUTE = { reason: 'not_as_described' as const, description: 'Not what the listing showed.', photoKeys: [] };
/** The sim's reports carry no photos: nothing may touch the photo store. */
const NO_PHOTOS: PhotoStore = {
  inspect: () => Promise.reject(new Error('no photos in the sim')),
  promote: () => Promise.reject(new Error('no photos in the sim')),
  move: () => Promise.reject(new Error('no photos in the sim')),
  remove: () => Promise.reject(new Error('no photos in the sim')),
};
import {
  carrierControl,
  createListing,
  fundedOrder,
  fundWallets,
  makeParty,
  payPlatformFee,
  startWebhookProxy,
  ZIPS,
  type Party,
  type WebhookPolicy,
  type WebhookProxy,
} from './world';

export const FATES = [
  'delivered',
  'pickup_approved',
  'pickup_rejected',
  'pickup_wrong_code_then_right',
  'pickup_never_collected',
  'never_shipped',
  'webhook_lost',
  'webhook_duplicated',
  'bad_tracking',
  'ledger_down',
  'xaman_down',
  'carrier_down',
  'queue_redelivery',
  'worker_killed',
  'fulfillment_lost',
  'stale_parcel',
  'platform_label',
  'stock_holder',
  'disputed_released',
  'disputed_refunded',
  'disputed_unresolved',
  'return_shipped_back',
  'return_not_shipped',
  'return_after_release_refunded',
] as const;
export type Fate = (typeof FATES)[number];

const WEIGHTS: Record<Fate, number> = {
  delivered: 16,
  pickup_approved: 9,
  pickup_rejected: 8,
  pickup_wrong_code_then_right: 5,
  pickup_never_collected: 5,
  never_shipped: 8,
  webhook_lost: 8,
  webhook_duplicated: 8,
  bad_tracking: 8,
  ledger_down: 8,
  xaman_down: 6,
  carrier_down: 6,
  queue_redelivery: 7,
  worker_killed: 8,
  fulfillment_lost: 3,
  stale_parcel: 6,
  platform_label: 8,
  stock_holder: 4,
  disputed_released: 5,
  disputed_refunded: 5,
  disputed_unresolved: 5,
  return_shipped_back: 5,
  return_not_shipped: 5,
  return_after_release_refunded: 5,
};

const PICKUP: readonly Fate[] = [
  'pickup_approved',
  'pickup_rejected',
  'pickup_wrong_code_then_right',
  'pickup_never_collected',
];
/** What the carrier stand-in's webhooks for these orders' parcels do: the release is then driven by faulty workers. */
const WEBHOOK: Record<Fate, WebhookPolicy> = {
  delivered: 'forward',
  pickup_approved: 'forward',
  pickup_rejected: 'forward',
  pickup_wrong_code_then_right: 'forward',
  pickup_never_collected: 'forward',
  never_shipped: 'forward',
  webhook_lost: 'drop',
  webhook_duplicated: 'duplicate',
  bad_tracking: 'forward',
  ledger_down: 'drop',
  xaman_down: 'forward',
  carrier_down: 'drop',
  queue_redelivery: 'drop',
  worker_killed: 'drop',
  fulfillment_lost: 'forward',
  stale_parcel: 'forward',
  platform_label: 'forward',
  stock_holder: 'forward',
  disputed_released: 'forward',
  disputed_refunded: 'forward',
  disputed_unresolved: 'forward',
  return_shipped_back: 'forward',
  return_not_shipped: 'forward',
  return_after_release_refunded: 'forward',
};

const ORDERS_PER_BUYER = 10;
const ORDERS_PER_SELLER = 25;
const EIGHT_DAYS_S = 8 * 24 * 3600;
/** Workers running the settlement schedule side by side once the sellers are done, each on its share of the due list. */
const LANES = 8;

interface SimOrder {
  index: number;
  fate: Fate;
  /** This order's own random choices (variants, kill points), seeded from the run's seed. */
  r: Rng;
  variant: string | null;
  buyer: Party;
  seller: Party;
  listingId: string;
  priceCents: number;
  orderId: string;
  escrowSequence: number;
  // What happened in the world (the ground truth the ledger is checked against).
  feePaid: boolean;
  tracking: string | null;
  deliveredToBuyer: boolean;
  returned: boolean;
  approved: boolean;
  /** The buyer's dispute (decision 053): how it ended in the world; a release is owed only if an admin released it. */
  dispute: 'none' | 'open' | 'released' | 'refunded';
  /**
   * The buyer's return (decision 054) as it stands in the world. Before release it holds the escrow: `open` until it
   * is sent back and accepted by the carrier (`accepted`: the buyer is owed the refund) or its time to be sent back
   * passes (`lapsed`: the seller is owed the release). After release (`after_release`) the money is the seller's and
   * the seller pays the refund from their wallet (`refundSigned` once they signed it).
   */
  ret: 'none' | 'open' | 'accepted' | 'lapsed' | 'after_release';
  refundSigned: boolean;
  /** Unexpected errors of this order's steps (the sim's own, or the app's). */
  problems: string[];
}

export interface SimOptions {
  orders: number;
  seed: number;
  /**
   * The checker's own test: the schedule's delivery check runs with a carrier port that lies (parcels sent back and
   * delivered to their sender read as delivered to the buyer), so the run must fail with escrows released wrongly.
   */
  canary?: boolean;
  /** Progress lines (default: stderr). */
  progress?: (line: string) => void;
}

type Outcome = 'finished' | 'cancelled' | 'open';

export interface SimResult {
  seed: number;
  orders: number;
  buyers: number;
  sellers: number;
  seconds: {
    total: number;
    setup: number;
    funding: number;
    actions: number;
    settleNow: number;
    /** Past the inspection periods: releases, the returns after release, and the returns that lapsed. */
    returns: number;
    expiry: number;
    checks: number;
  };
  byFate: Record<Fate, { orders: number; finished: number; cancelled: number; open: number }>;
  /** Orders by fate and the variant it took (`fate: variant`), for the fates that have variants. */
  variants: Record<string, number>;
  outcomes: {
    finished: number;
    cancelled: number;
    stuck: number;
    releasedWrongly: number;
    /** Finished while a dispute held it (never resolved as a release), or a return asked before release that did not lapse. */
    releasedWhileHeld: number;
    /** Released on a delivery the carrier dates before the escrow was funded. */
    releasedBeforeFunding: number;
    refundedWrongly: number;
    endedTwice: number;
    orderStoreDisagrees: number;
    feesPaidTwice: number;
    feesPaid: number;
    /** Returns whose stage (and the order's reason) disagree with what the world and the ledger say. */
    returnsDisagree: number;
    /** Refund Payments of returns after release on the ledger, and those missing, paid twice, or of the wrong amount. */
    returnRefunds: number;
    returnRefundsWrong: number;
  };
  rlusd: { beforeCents: number; afterCents: number; accountsOff: number };
  faults: {
    kills: Record<KillPoint, number>;
    /** Calls refused by an outage, answers lost. */
    injected: Record<'ledger_down' | 'answer_lost' | 'carrier_down' | 'xaman_down' | 'vault_down', number>;
    webhooks: WebhookProxy['counts'];
    badTrackingRefused: number;
    redeliveredRuns: number;
    /** Fate stock_holder: unpaid checkouts refused by a hold limit (by code), units back after the holds lapsed. */
    holds: { refused: Record<string, number>; unitsBack: number };
  };
  schedules: { settleNowRounds: number; inspectedRounds: number; lapseRounds: number; expiryRounds: number };
  /** What the finishes and cancels the sim's workers submitted came to (the app's own handlers are not counted). */
  submits: Record<string, number>;
  log: Record<string, number>;
  failures: string[];
  ok: boolean;
}

async function mapLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Orders in each status, leaving out `except`. */
async function countByStatus(
  statuses: readonly OrderStatus[],
  except: ReadonlySet<string> = new Set(),
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const status of statuses) {
    const { data } = await db()
      .entities.order.query.byStatusDeadline({ status })
      .go({ pages: 'all', attributes: ['orderId'] });
    out[status] = data.filter((o) => !except.has(o.orderId as string)).length;
  }
  return out;
}

export async function runEscrowSim(opts: SimOptions): Promise<SimResult> {
  const say = opts.progress ?? ((line: string) => process.stderr.write(`${line}\n`));
  const r = rng(opts.seed);
  const t0 = performance.now();
  const mark = () => (performance.now() - t0) / 1000;
  const seconds = { total: 0, setup: 0, funding: 0, actions: 0, settleNow: 0, returns: 0, expiry: 0, checks: 0 };
  const failures: string[] = [];
  const log = new CountingLog();
  const kills = Object.fromEntries(KILL_POINTS.map((k) => [k, 0])) as Record<KillPoint, number>;
  const injected = { ledger_down: 0, answer_lost: 0, carrier_down: 0, xaman_down: 0, vault_down: 0 };
  /** Orders whose fulfillment can no longer be opened (fate fulfillment_lost). */
  const vaultLost = new Set<string>();
  const submits: Record<string, number> = {};
  let badTrackingRefused = 0;
  let redeliveredRuns = 0;
  const holds = { refused: {} as Record<string, number>, unitsBack: 0 };
  /** One stock holding at a time per buyer: the limits are the buyer's. */
  const holding = new Map<string, Promise<unknown>>();
  const escrowIndex = new Map<string, string>();
  const ctx = {
    log,
    orderOfEscrow: (owner: string, sequence: number) => escrowIndex.get(`${owner}:${sequence}`),
    onKill: (_w: string, at: KillPoint) => void kills[at]++,
    onFault: (kind: keyof typeof injected) => void injected[kind]++,
    onOutcome: (outcome: SubmitOutcome) => {
      const code =
        outcome.status === 'failed' || outcome.status === 'rejected'
          ? `${outcome.status} ${outcome.code}`
          : outcome.status === 'timeout'
            ? `timeout (submit said ${outcome.preliminaryCode ?? '?'})`
            : outcome.status;
      submits[code] = (submits[code] ?? 0) + 1;
    },
  };
  const worker = (name: string, faults: WorkerFaults = {}) => newWorker(name, faults, ctx);
  /** Runs a step that is expected to fail because of an injected fault; counts what it met. */
  const expectFault = async (what: string, o: SimOrder | null, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      if (error instanceof Unreachable || error instanceof Killed) return;
      o?.problems.push(`${what}: ${String(error)}`);
    }
  };

  const stack: BareStack = await startBareStack('sim-escrow', { testControls: true });
  const client = new Client(stack.env.XRPL_URL!);
  let proxy: WebhookProxy | undefined;
  try {
    await client.connect();
    const ledger = await loadLedger();
    const { issuer, currency } = ledger.rlusd;
    const platformAddress = stack.env.PLATFORM_WALLET_ADDRESS!;
    const carrier = carrierControl(stack.env.CARRIER_API_URL!);
    breakVault(vaultLost, () => void injected.vault_down++);
    proxy = await startWebhookProxy(`${stack.url}/api/carrier/webhook`);
    await carrier.webhookTo(proxy.url);

    // --- Setup: parties with funded wallets, listings.
    const nBuyers = Math.max(2, Math.ceil(opts.orders / ORDERS_PER_BUYER));
    const nSellers = Math.max(2, Math.ceil(opts.orders / ORDERS_PER_SELLER));
    const buyers: Party[] = [];
    const sellers: Party[] = [];
    await mapLimit(
      Array.from({ length: nBuyers + nSellers }, (_, i) => i),
      16,
      async (i) => {
        const seller = i >= nBuyers;
        const p = await makeParty(seller ? `seller${i - nBuyers}` : `buyer${i}`, seller, ZIPS[i % ZIPS.length]!);
        (seller ? sellers : buyers).push(p);
      },
    );
    buyers.sort((a, b) => a.username.localeCompare(b.username));
    sellers.sort((a, b) => a.username.localeCompare(b.username));
    await fundWallets(stack, [...buyers, ...sellers]);
    const listings = new Map<
      string,
      { ship: { id: string; price: number }[]; pickup: { id: string; price: number }[] }
    >();
    const prices = sellers.map(() => ({
      ship: [0, 1, 2].map(() => r.int(100, 6_000)),
      pickup: [0, 1].map(() => r.int(100, 6_000)),
    }));
    await mapLimit(sellers, 8, async (s) => {
      const p = prices[sellers.indexOf(s)]!;
      listings.set(s.userId, {
        ship: await Promise.all(
          p.ship.map(async (price) => ({ id: await createListing(stack, s, price, false), price })),
        ),
        pickup: await Promise.all(
          p.pickup.map(async (price) => ({ id: await createListing(stack, s, price, true), price })),
        ),
      });
    });
    const before = await rlusdOnLines(client, issuer, currency);
    seconds.setup = mark();
    say(
      `sim: ${nBuyers} buyers, ${nSellers} sellers funded; RLUSD on lines ${microsToCents(before.total) / 100} (${seconds.setup.toFixed(1)} s)`,
    );

    // --- Fates, then funded orders (each buyer's in turn, buyers side by side).
    const orders: SimOrder[] = Array.from({ length: opts.orders }, (_, index) => {
      const fate = r.weighted(WEIGHTS);
      const seller = r.pick(sellers);
      const own = listings.get(seller.userId)!;
      const mine = rng(r.int(0, 2 ** 31 - 1));
      // A return after release: of a pickup approved with the buyer's code, or of a parcel released after inspection.
      const after = fate === 'return_after_release_refunded' ? (mine.next() < 0.5 ? 'collected' : 'delivered') : null;
      const listing = r.pick(PICKUP.includes(fate) || after === 'collected' ? own.pickup : own.ship);
      return {
        index,
        fate,
        r: mine,
        variant: after,
        buyer: buyers[index % nBuyers]!,
        seller,
        listingId: listing.id,
        priceCents: listing.price,
        orderId: '',
        escrowSequence: 0,
        feePaid: false,
        tracking: null,
        deliveredToBuyer: false,
        returned: false,
        approved: false,
        dispute: 'none',
        ret: 'none',
        refundSigned: false,
        problems: [],
      };
    });
    // Parcels of the stale_parcel orders, half an hour before they are funded (the carrier stand-in scans on the
    // functions' clock): delivered to the buyer's ZIP already, or picked up and on its way there.
    const staleParcels = new Map<SimOrder, string>();
    setClock(new Date(Date.now() - 1_800_000));
    for (const o of orders.filter((x) => x.fate === 'stale_parcel')) {
      o.variant = o.r.next() < 0.5 ? 'delivered before the order' : 'picked up before funding';
      const n = await carrier.parcel(o.seller.zip.zip, o.buyer.zip.zip);
      await carrier.move(n, 'picked_up');
      if (o.variant === 'delivered before the order') await carrier.move(n, 'delivered');
      staleParcels.set(o, n);
    }
    setClock(null);
    await mapLimit(buyers, buyers.length, async (b) => {
      for (const o of orders.filter((x) => x.buyer === b)) {
        const made = await fundedOrder(client, b, o.listingId, o.priceCents, log);
        o.orderId = made.order.orderId;
        o.escrowSequence = made.escrowSequence;
        escrowIndex.set(`${b.wallet.classicAddress}:${made.escrowSequence}`, o.orderId);
      }
    });
    const locked = await Promise.all(buyers.map((b) => openEscrows(client, b.wallet.classicAddress, currency)));
    const afterFunding = await rlusdOnLines(client, issuer, currency);
    const lockedMicros = locked.reduce((sum, l) => sum + l.micros, 0n);
    if (afterFunding.total + lockedMicros !== before.total) {
      failures.push(
        `after funding, RLUSD on lines + in escrows is ${afterFunding.total + lockedMicros}, was ${before.total}`,
      );
    }
    if (locked.reduce((sum, l) => sum + l.count, 0) !== opts.orders) failures.push('not every order has its escrow');
    seconds.funding = mark() - seconds.setup;
    say(`sim: ${opts.orders} orders funded (${seconds.funding.toFixed(1)} s)`);

    // --- The sellers' actions, the carrier's scans and webhooks, and the faults.
    const app = await worker('app');
    const orderRepo = orderStore(db());
    const pickupCodes = orderPickupStore(db());
    const shippedTo = new Map<string, string[]>(); // buyer ZIP -> tracking numbers in use
    const payFee = async (o: SimOrder, w: Worker) => {
      await payPlatformFee(o.seller, o.orderId, w.fee, app.fee);
      o.feePaid = true;
    };
    const ship = async (o: SimOrder, w: Worker = app) => {
      const n = await carrier.parcel(o.seller.zip.zip, o.buyer.zip.zip);
      proxy!.policy.set(n, WEBHOOK[o.fate]);
      await shipOrder(o.seller.userId, o.orderId, n, w.deps);
      o.tracking = n;
      // Numbers another order may try to claim again (not those about to go back to their sender).
      if (o.fate !== 'bad_tracking') shippedTo.set(o.buyer.zip.zip, [...(shippedTo.get(o.buyer.zip.zip) ?? []), n]);
      return n;
    };
    const deliver = async (o: SimOrder) => {
      await carrier.move(o.tracking!, 'picked_up');
      await carrier.move(o.tracking!, 'in_transit');
      await carrier.move(o.tracking!, 'delivered');
      o.deliveredToBuyer = true;
    };
    const refused = async (o: SimOrder, number: string, ...codes: string[]) => {
      try {
        await shipOrder(o.seller.userId, o.orderId, number, app.deps);
        o.tracking = number;
        o.problems.push(`tracking ${number} accepted, expected ${codes.join(' or ')}`);
      } catch (error) {
        if (error instanceof AppError && codes.includes(error.code)) badTrackingRefused++;
        else o.problems.push(`tracking ${number}: ${String(error)}, expected ${codes.join(' or ')}`);
      }
    };

    /** The code the buyer's own read of the order shows (decision 040), which the buyer reads out at the hand-over. */
    const buyersCode = async (o: SimOrder) => {
      const view = await getOrder(o.buyer.userId, o.orderId, {
        orders: orderRepo,
        links: { mediaUrl: (key) => key, transactionUrl: (hash) => hash, protection: DEFAULT_PROTECTION },
        pickupCodes,
      });
      if (!view.pickupCode) throw new Error("the buyer's read of a funded pickup has no pickup code");
      return view.pickupCode;
    };

    const returns = returnSteps(carrier, log);
    const inspectionMs = (protectionSettings().inspectionHours + 1) * 3_600_000;
    /** Shipped, delivered at the carrier, and known to the marketplace as delivered (the webhook may be slow or lost). */
    const deliveredAndKnown = async (o: SimOrder) => {
      await payFee(o, app);
      await ship(o);
      await deliver(o);
      await checkParcels(await app.deps.byTracking([o.tracking!]), app.deps);
    };
    /** The order's stored record once it is in `status` (a release ends on a validated ledger: waited for). */
    const reached = async (o: SimOrder, status: OrderStatus, ms = 30_000) => {
      let rec = await orderRepo.get(o.orderId);
      for (let waited = 0; rec?.status !== status && waited < ms; waited += 250) {
        await sleep(250);
        rec = await orderRepo.get(o.orderId);
      }
      if (rec?.status !== status) throw new Error(`order is ${rec?.status}, not ${status}`);
      return rec;
    };
    /** A return asked before release holds the order's release (decision 054): its order says so. */
    const heldForReturn = async (o: SimOrder) => {
      const rec = await orderRepo.get(o.orderId);
      if (rec?.status !== 'delivered' || rec.releaseHold !== 'return') {
        o.problems.push(`return asked before release, but the order is ${rec?.status} held by ${rec?.releaseHold}`);
      }
    };
    /**
     * After release (the order completed): the return asked and approved, sent back and delivered at the return ZIP
     * (before its number is given, or found by the returns schedule), and refunded by the seller in their wallet.
     */
    const returnAfterRelease = async (o: SimOrder) => {
      await returns.request(o.buyer, o.orderId);
      o.ret = 'after_release';
      const asked = await returns.get(o.orderId);
      if (asked?.case !== 'after_release') o.problems.push(`a return asked after release is ${asked?.case}`);
      await returns.approve(o.seller, o.orderId);
      const moved = o.r.next() < 0.5 ? 'before' : 'after';
      o.variant = `${o.variant}; back ${moved === 'before' ? 'before its number was given' : 'found by the schedule'}`;
      const n = await returns.shipBack(o.buyer, o.seller, o.orderId, ['picked_up', 'in_transit', 'delivered'], moved);
      const back = await returns.get(o.orderId);
      if (back?.stage !== 'refund_due') {
        const [tracked] = await app.deps.carrier.track([n]);
        throw new Error(
          `return delivered back is ${back?.stage} (due ${back?.dueAt}), not refund_due; the carrier says ` +
            `${tracked?.found ? `${tracked.status} at ${tracked.deliveredTo?.zip ?? '-'} ${tracked.deliveredAt}` : 'not found'}`,
        );
      }
      o.refundSigned = true;
      await returns.refund(o.seller, o.orderId);
    };

    const act = async (o: SimOrder) => {
      switch (o.fate) {
        case 'delivered':
        case 'webhook_lost':
        case 'webhook_duplicated':
          await payFee(o, app);
          await ship(o);
          await deliver(o);
          return;
        case 'pickup_approved': {
          await payFee(o, app);
          const pickupCode = await buyersCode(o);
          o.approved = true;
          await decidePickup(o.seller.userId, o.orderId, { decision: 'approve', pickupCode }, app.deps);
          return;
        }
        case 'pickup_wrong_code_then_right': {
          await payFee(o, app);
          const pickupCode = await buyersCode(o);
          const wrong = String((Number(pickupCode) + o.r.int(1, 99_999_999)) % 100_000_000).padStart(8, '0');
          try {
            await decidePickup(o.seller.userId, o.orderId, { decision: 'approve', pickupCode: wrong }, app.deps);
            o.approved = true;
            o.problems.push('a wrong pickup code released the escrow');
          } catch (error) {
            if (!(error instanceof AppError && error.code === 'pickup_code_wrong')) {
              o.problems.push(`wrong pickup code: ${String(error)}, expected pickup_code_wrong`);
            }
          }
          o.approved = true;
          await decidePickup(o.seller.userId, o.orderId, { decision: 'approve', pickupCode }, app.deps);
          return;
        }
        case 'pickup_never_collected':
          // The buyer never comes: nobody enters a code, and the ledger lets the escrow go back after CancelAfter.
          o.variant = o.r.next() < 0.5 ? 'fee paid' : 'no fee';
          if (o.variant === 'fee paid') await payFee(o, app);
          return;
        case 'pickup_rejected':
          o.variant = o.r.next() < 0.5 ? 'fee paid' : 'no fee';
          if (o.variant === 'fee paid') await payFee(o, app);
          await decidePickup(o.seller.userId, o.orderId, { decision: 'reject' }, app.deps);
          return;
        case 'disputed_released':
        case 'disputed_refunded':
        case 'disputed_unresolved': {
          await payFee(o, app);
          await ship(o);
          await deliver(o);
          // Reported once the marketplace has learnt of the delivery (the webhook may be slow or lost).
          await checkParcels(await app.deps.byTracking([o.tracking!]), app.deps);
          const deps = {
            ...app.deps,
            disputes: orderDisputeStore(db()),
            photos: NO_PHOTOS,
            audit: auditLogStore(db()),
          };
          await openDispute(o.buyer.userId, o.orderId, DISPUTE, deps);
          o.dispute = 'open';
          if (o.fate === 'disputed_refunded') {
            o.variant = o.r.next() < 0.5 ? 'by the seller' : 'by an administrator';
            if (o.variant === 'by the seller') await refundDispute(o.seller.userId, o.orderId, deps);
            else await resolveDispute(SIM_ADMIN, o.orderId, { outcome: 'refund', note: 'Not as described.' }, deps);
            o.dispute = 'refunded';
          } else if (o.fate === 'disputed_released') {
            await resolveDispute(SIM_ADMIN, o.orderId, { outcome: 'release', note: 'As described.' }, deps);
            o.dispute = 'released';
          }
          return;
        }
        case 'return_shipped_back': {
          // Asked in the inspection period and approved; the buyer sends it back and the carrier accepts it at the
          // buyer's ZIP, addressed to the return ZIP: the refund is decided (the escrow goes back at CancelAfter).
          await deliveredAndKnown(o);
          await returns.request(o.buyer, o.orderId);
          o.ret = 'open';
          await heldForReturn(o);
          await returns.approve(o.seller, o.orderId);
          const moved = o.r.next() < 0.5 ? 'before' : 'after';
          o.variant = moved === 'before' ? 'accepted before its number was given' : 'accepted, found by the schedule';
          o.ret = 'accepted';
          await returns.shipBack(o.buyer, o.seller, o.orderId, ['picked_up'], moved);
          const decided = await returns.get(o.orderId);
          if (decided?.stage !== 'completed')
            o.problems.push(`return accepted back is ${decided?.stage}, not completed`);
          return;
        }
        case 'return_not_shipped': {
          // Asked and approved (by the seller, or for a silent seller by the schedule once their 48 hours end), never
          // sent back: it lapses a day before the release deadline and the release goes ahead. Or asked at the moment
          // the inspection period ends, racing the settlement run's release: exactly one of them wins.
          await deliveredAndKnown(o);
          o.variant = o.r.pick(['seller approved', 'seller silent', 'raced a release']);
          if (o.variant === 'raced a release') {
            const w = await worker(`race-${o.index}`, { only: new Set([o.orderId]) });
            const inspected = { ...w.deps, clock: { now: () => new Date(clock.now().getTime() + inspectionMs) } };
            // The run reads its due lists before it begins a release: the request comes up to 80 ms after it starts.
            const [release, asked] = await Promise.allSettled([
              settleEscrows(inspected),
              sleep(o.r.int(0, 80)).then(() => returns.request(o.buyer, o.orderId)),
            ]);
            if (release.status === 'rejected') o.problems.push(`release racing a return: ${String(release.reason)}`);
            if (asked.status === 'rejected') {
              const code = asked.reason instanceof AppError ? asked.reason.code : String(asked.reason);
              if (code !== 'order_changed' && code !== 'return_not_available') {
                o.problems.push(`return racing a release: ${code}, expected order_changed or return_not_available`);
              }
              o.variant = 'raced a release: the release won';
              return;
            }
            if ((await returns.get(o.orderId))?.case === 'after_release') {
              // Released before the request was read: it is a return after release, left unanswered.
              o.variant = 'raced a release: released before the return was asked';
              o.ret = 'after_release';
              return;
            }
            o.variant = 'raced a release: the return won';
          } else await returns.request(o.buyer, o.orderId);
          o.ret = 'open';
          await heldForReturn(o);
          if (o.variant !== 'seller silent') await returns.approve(o.seller, o.orderId);
          return;
        }
        case 'return_after_release_refunded':
          if (o.variant === 'collected') {
            await payFee(o, app);
            const pickupCode = await buyersCode(o);
            o.approved = true;
            await decidePickup(o.seller.userId, o.orderId, { decision: 'approve', pickupCode }, app.deps);
            await reached(o, 'completed');
            await returnAfterRelease(o);
          } else {
            // Released once its inspection period ends; returned after that (below).
            await payFee(o, app);
            await ship(o);
            await deliver(o);
          }
          return;
        case 'never_shipped':
          o.variant = o.r.next() < 0.5 ? 'fee paid' : 'no fee';
          if (o.variant === 'fee paid') await payFee(o, app);
          return;
        case 'bad_tracking': {
          await payFee(o, app);
          await refused(o, `9${String(o.r.int(0, 99_999_999_999)).padStart(11, '0')}`, 'tracking_unknown');
          const elsewhere = ZIPS.find((z) => z.zip !== o.buyer.zip.zip)!;
          await refused(o, await carrier.parcel(o.seller.zip.zip, elsewhere.zip), 'tracking_wrong_zip');
          const back = await carrier.parcel(o.seller.zip.zip, o.buyer.zip.zip);
          await carrier.move(back, 'returned_to_sender');
          await refused(o, back, 'tracking_returned');
          const taken = shippedTo.get(o.buyer.zip.zip);
          // Another order's parcel: claimed by it, and by now perhaps delivered.
          if (taken?.length) await refused(o, o.r.pick(taken), 'tracking_in_use', 'tracking_delivered');
          o.variant = o.r.next() < 0.5 ? 'refused only' : 'shipped, returned, delivered to the sender';
          if (o.variant !== 'refused only') {
            await ship(o);
            await carrier.move(o.tracking!, 'picked_up');
            await carrier.move(o.tracking!, 'returned_to_sender');
            await carrier.move(o.tracking!, 'delivered');
            o.returned = true;
          }
          return;
        }
        case 'ledger_down': {
          await payFee(o, app);
          await ship(o);
          await deliver(o);
          o.variant = o.r.next() < 0.5 ? 'down' : 'answer_lost';
          const w = await worker(`ledger-${o.index}`, {
            ledger: o.variant as 'down' | 'answer_lost',
            only: new Set([o.orderId]),
          });
          await expectFault('delivery check, ledger down', o, async () =>
            checkParcels(await w.deps.byTracking([o.tracking!]), w.deps),
          );
          await expectFault('settlement run, ledger down', o, () => settleEscrows(w.deps));
          return;
        }
        case 'xaman_down': {
          const w = await worker(`xaman-${o.index}`, { signer: 'down' });
          await expectFault('fee with Xaman down', o, () => payFee(o, w));
          await payFee(o, app);
          await ship(o);
          await deliver(o);
          return;
        }
        case 'carrier_down': {
          await payFee(o, app);
          const w = await worker(`carrier-${o.index}`, { carrier: 'down' });
          const n = await carrier.parcel(o.seller.zip.zip, o.buyer.zip.zip);
          await expectFault('ship with the carrier down', o, () => shipOrder(o.seller.userId, o.orderId, n, w.deps));
          await ship(o);
          await deliver(o);
          await expectFault('delivery schedule, carrier down', o, () => checkDeliveries(w.deps));
          return;
        }
        case 'queue_redelivery': {
          await payFee(o, app);
          await ship(o);
          await deliver(o);
          // The delivery job's message for this parcel is delivered three times at once (three workers).
          const ws = await Promise.all([0, 1, 2].map((i) => worker(`redelivered-${o.index}-${i}`)));
          const runs = await Promise.allSettled(
            ws.map(async (w) => checkParcels(await w.deps.byTracking([o.tracking!]), w.deps)),
          );
          redeliveredRuns += runs.length;
          for (const x of runs) if (x.status === 'rejected') o.problems.push(String(x.reason));
          return;
        }
        case 'stale_parcel': {
          // The seller tries the number of a parcel that predates the order; it is refused, the parcel is delivered
          // (its webhooks reach the marketplace), and the order, never shipped, goes back to the buyer at CancelAfter.
          await payFee(o, app);
          const stale = staleParcels.get(o)!;
          proxy!.policy.set(stale, WEBHOOK[o.fate]);
          const code = o.variant === 'delivered before the order' ? 'tracking_delivered' : 'tracking_predates_order';
          await refused(o, stale, code);
          if (o.variant !== 'delivered before the order') await carrier.move(stale, 'delivered');
          return;
        }
        case 'platform_label': {
          // The seller buys a label here: one payment of fee plus label. Once it is validated the label is bought, by
          // the stack's signing consumer or these two runs at once, whichever comes first: one shipment in all.
          const labels = labelDeps(log);
          const deps = { ...app.fee, carrier: labels.carrier, profiles: labels.profiles, listings: labels.listings };
          await payPlatformFee(o.seller, o.orderId, app.fee, app.fee, () =>
            requestLabelPayment(o.seller.userId, o.orderId, 'GROUND_HOME_DELIVERY', deps),
          );
          o.feePaid = true;
          await Promise.all([buyPaidLabel(o.orderId, labels), buyPaidLabel(o.orderId, labels)]);
          // A run that found the purchase under way (the consumer's) left it to that run: wait for its end.
          let rec = await orderRepo.get(o.orderId);
          for (let waited = 0; rec?.label?.status === 'buying' && waited < 30_000; waited += 250) {
            await sleep(250);
            rec = await orderRepo.get(o.orderId);
          }
          if (rec?.status !== 'shipped' || rec.shipment.proof !== 'platform_label' || !rec.shipment.trackingNumber) {
            o.problems.push(`label not bought: ${rec?.status} ${JSON.stringify(rec?.label)}`);
            return;
          }
          o.tracking = rec.shipment.trackingNumber;
          proxy!.policy.set(o.tracking, WEBHOOK[o.fate]);
          const made = await carrier.byReference(o.orderId);
          if (made.length !== 1) o.problems.push(`${made.length} shipments bought for one label`);
          await deliver(o);
          return;
        }
        case 'fulfillment_lost':
          // From now on nothing in this process can open this order's fulfillment; then the parcel is delivered.
          vaultLost.add(o.orderId);
          await payFee(o, app);
          await ship(o);
          await deliver(o);
          return;
        case 'stock_holder': {
          // Never shipped (its escrow goes back after CancelAfter); meanwhile its buyer tries to hold the seller's stock.
          const stockListings = await Promise.all(
            Array.from({ length: MAX_UNPAID_ORDERS + 1 }, () =>
              createListing(stack, o.seller, o.priceCents, false, HELD_UNITS),
            ),
          );
          const turn = (holding.get(o.buyer.userId) ?? Promise.resolve())
            .catch(() => undefined)
            .then(() => holdStock(o.buyer, stockListings, o.priceCents));
          holding.set(o.buyer.userId, turn);
          const met = await turn;
          for (const [code, n] of Object.entries(met.refused)) holds.refused[code] = (holds.refused[code] ?? 0) + n;
          holds.unitsBack += met.unitsBack;
          o.problems.push(...met.problems);
          return;
        }
        case 'worker_killed': {
          await payFee(o, app);
          await ship(o);
          await deliver(o);
          const at = o.r.pick(KILL_POINTS);
          o.variant = at;
          const w = await worker(`killed-${o.index}`, { kill: { at, orders: new Set([o.orderId]) } });
          await expectFault('delivery check, killed', o, async () =>
            checkParcels(await w.deps.byTracking([o.tracking!]), w.deps),
          );
          // The job runs again at the schedule's next tick, in a new worker.
          return;
        }
      }
    };

    // The schedules run meanwhile (compressed: every 15 s), each tick in new workers: the returns schedule, the delivery
    // check, and the settlement run (every fourth tick delivered three times at once).
    let acting = true;
    const scheduler = (async () => {
      for (let tick = 0; acting; tick++) {
        await sleep(15_000);
        if (!acting) break;
        const w = await worker(`tick-${tick}`, opts.canary ? { carrier: 'lies' } : {});
        await expectFault('scheduled returns run', null, () => returns.follow());
        await expectFault('scheduled delivery check', null, () => checkDeliveries(w.deps));
        const copies = tick % 4 === 3 ? 3 : 1;
        const runs = await Promise.all(Array.from({ length: copies }, (_, i) => worker(`tick-${tick}-settle-${i}`)));
        await Promise.allSettled(runs.map((x) => settleEscrows(x.deps)));
        if (copies > 1) redeliveredRuns += copies;
      }
    })();
    const bySeller = sellers.map((s) => orders.filter((o) => o.seller === s));
    let done = 0;
    const actMs: Partial<Record<Fate, number>> = {};
    await mapLimit(bySeller, bySeller.length, async (list) => {
      for (const o of list) {
        const started = performance.now();
        try {
          await act(o);
        } catch (error) {
          o.problems.push(`${o.fate}: ${String(error)}`);
        }
        actMs[o.fate] = (actMs[o.fate] ?? 0) + performance.now() - started;
        if (++done % 100 === 0) say(`sim: ${done} orders acted on (${mark().toFixed(0)} s)`);
      }
    });
    // The schedule's last tick and webhooks still in flight carry on beside the runs below (they are done before
    // the clocks move).
    acting = false;
    seconds.actions = mark() - seconds.setup - seconds.funding;
    say(
      `sim: sellers, carrier and faults done (${seconds.actions.toFixed(1)} s); ms per fate ${JSON.stringify(actMs)}`,
    );

    // --- The schedules until quiet, before anything expires: every release under way ends.
    const lanes = await Promise.all(
      Array.from({ length: LANES }, (_, index) =>
        worker(`lane-${index}`, { shard: { index, of: LANES }, ...(opts.canary && { carrier: 'lies' as const }) }),
      ),
    );
    const main = await worker('schedules');
    /** The schedules, round after round, until no order is left in `open` (but `except`) and nothing new was due. */
    const quiet = async (open: readonly OrderStatus[], maxRounds: number, except: ReadonlySet<string> = new Set()) => {
      for (let round = 1; round <= maxRounds; round++) {
        const [f] = await returns.follow();
        const followed = f!.approved + f!.lapsed + f!.advanced + f!.escalated;
        const checks = await Promise.all(lanes.map((l) => checkDeliveries(l.deps)));
        const deliveries = { delivered: checks.reduce((sum, c) => sum + c.delivered, 0) };
        const runs = await Promise.all(lanes.map((l) => settleEscrows(l.deps)));
        const rec = await reconcileOrders(main.deps);
        const left = await countByStatus(open, except);
        const sum = (k: 'inspected' | 'disputesExpired' | 'expired' | 'settled' | 'pending') =>
          runs.reduce((n, x) => n + x[k], 0);
        say(
          `sim: round ${round}: returns ${JSON.stringify(f)}, delivered ${deliveries.delivered}, inspected ${sum('inspected')}, ` +
            `disputes expired ${sum('disputesExpired')}, ` +
            `expired ${sum('expired')}, settled ${sum('settled')}, ` +
            `pending ${sum('pending')}, repaired ${rec.repaired}; left ${JSON.stringify(left)} (${mark().toFixed(1)} s)`,
        );
        const found =
          followed + deliveries.delivered + sum('inspected') + sum('disputesExpired') + sum('expired') + rec.repaired;
        if (found === 0 && Object.values(left).every((n) => n === 0)) return round;
        await sleep(found + sum('settled') === 0 ? 1_000 : 0);
      }
      return maxRounds;
    };
    // Releases whose fulfillment is lost can't end before CancelAfter.
    const settleNowRounds = await quiet(['releasing'], 30, vaultLost);
    seconds.settleNow = mark() - seconds.setup - seconds.funding - seconds.actions;
    say(`sim: releases settled in ${settleNowRounds} rounds (${seconds.settleNow.toFixed(1)} s)`);

    await scheduler;
    await proxy.idle();
    if ((await countByStatus(['releasing'], vaultLost)).releasing! > 0) await quiet(['releasing'], 10, vaultLost);

    // --- Past every inspection period (decision 052), on the functions' clock only: the ledger's close time stays
    // before CancelAfter, so the delivered orders' escrows are released, as they would be two days after delivery.
    setClock(new Date(clock.now().getTime() + (protectionSettings().inspectionHours + 1) * 3_600_000));
    // Orders a dispute still holds stay delivered until the release deadline (decision 053), and so do those a return
    // holds until it lapses (decision 054); the returns schedule approves the returns their sellers left unanswered.
    const disputed = orders.filter((o) => o.dispute === 'open').map((o) => o.orderId);
    const held = new Set([...vaultLost, ...disputed, ...orders.filter((o) => o.ret === 'open').map((o) => o.orderId)]);
    const inspectedRounds = await quiet(['delivered', 'releasing'], 30, held);
    say(`sim: inspection periods ended, released in ${inspectedRounds} rounds (${mark().toFixed(1)} s)`);

    // --- Returns after release of the parcels released just now: asked, approved, sent back, delivered at the return
    // ZIP and refunded by the seller, two days after delivery on the functions' clock.
    const releasedThenReturned = orders.filter(
      (o) => o.fate === 'return_after_release_refunded' && o.variant === 'delivered',
    );
    // Each seller's one after the other: a person signs one refund at a time (two signed at once take the same
    // account sequence, and the second does not apply).
    await mapLimit(sellers, 8, async (s) => {
      for (const o of releasedThenReturned.filter((x) => x.seller === s)) {
        try {
          await reached(o, 'completed', 0);
          await returnAfterRelease(o);
        } catch (error) {
          o.problems.push(`return after release: ${String(error)}`);
        }
      }
    });
    say(`sim: ${releasedThenReturned.length} returns after release refunded (${mark().toFixed(1)} s)`);

    // --- Past the time to send the held returns back, nothing sent (decision 054): the returns schedule lets them
    // lapse and the settlement schedule releases them, still a day before their release deadline. The functions' clock
    // only: the ledger's close time stays before CancelAfter.
    const unsent = orders.filter((o) => o.ret === 'open');
    let lapseRounds = 0;
    if (unsent.length > 0) {
      const asked = await Promise.all(unsent.map((o) => returns.get(o.orderId)));
      let by = 0;
      for (const [i, x] of asked.entries()) {
        if (x?.stage !== 'approved' || !x.shipBackBy) {
          unsent[i]!.problems.push(`return not approved before it could lapse: ${x?.stage}`);
        } else by = Math.max(by, Date.parse(x.shipBackBy));
      }
      const lapseAt = new Date(Math.max(by, clock.now().getTime()) + 60_000);
      for (const o of orders) {
        const rec = await orderRepo.get(o.orderId);
        const deadline = rec && Date.parse(releaseDeadline(rec, protectionSettings()));
        if (rec?.status === 'delivered' && deadline && deadline <= lapseAt.getTime()) {
          failures.push(
            `sim: the returns lapse at ${lapseAt.toISOString()}, after order ${o.orderId}'s release deadline`,
          );
        }
      }
      setClock(lapseAt);
      for (const o of unsent) o.ret = 'lapsed';
      lapseRounds = await quiet(['delivered', 'releasing'], 30, new Set([...vaultLost, ...disputed]));
      say(`sim: unsent returns lapsed, released in ${lapseRounds} rounds (${mark().toFixed(1)} s)`);
    }
    seconds.returns = mark() - seconds.setup - seconds.funding - seconds.actions - seconds.settleNow;

    // --- Past every CancelAfter: the ledger's close time and the functions' clock, then the schedules until quiet.
    const res = await fetch(`${stack.env.XRPL_URL!.replace(/^ws/, 'http')}/_test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: EIGHT_DAYS_S }),
    });
    if (res.status !== 200) throw new Error(`ledger clock -> ${res.status}`);
    setClock(new Date(clock.now().getTime() + EIGHT_DAYS_S * 1000));
    // A first expiry run dies at each kill point in turn; then the run is delivered three times at once.
    for (const at of KILL_POINTS) {
      const w = await worker(`expiry-killed-${at}`, { kill: { at, orders: 'any' } });
      await expectFault('expiry run, killed', null, () => settleEscrows(w.deps));
      say(`sim: expiry run killed ${at} (${mark().toFixed(1)} s)`);
    }
    const expiryRounds = await quiet(['funded', 'shipped', 'delivered', 'releasing', 'refunding'], 60);
    seconds.expiry = mark() - seconds.setup - seconds.funding - seconds.actions - seconds.settleNow - seconds.returns;
    say(`sim: expiry settled in ${expiryRounds} rounds (${seconds.expiry.toFixed(1)} s)`);

    // --- Checks against ledger truth.
    const endings = new Map<string, LedgerTx[]>();
    const openLeft = new Map<string, number>();
    /** The sellers' refund Payments of returns after release, by the order their memo names. */
    const refundsByOrder = new Map<string, LedgerTx[]>();
    const refundMemo = Buffer.from(RETURN_REFUND_MEMO_TYPE, 'hex').toString('utf8');
    for (const b of buyers) {
      const history = await accountHistory(client, b.wallet.classicAddress);
      for (const t of history) {
        const memo = t.memos.find((m) => m.type === refundMemo);
        if (t.type === 'Payment' && t.result === 'tesSUCCESS' && t.destination === b.wallet.classicAddress && memo) {
          refundsByOrder.set(memo.data, [...(refundsByOrder.get(memo.data) ?? []), t]);
        }
        if ((t.type === 'EscrowFinish' || t.type === 'EscrowCancel') && t.result === 'tesSUCCESS' && t.owner) {
          const key = `${t.owner}:${t.offerSequence}`;
          endings.set(key, [...(endings.get(key) ?? []), t]);
        }
      }
      openLeft.set(b.wallet.classicAddress, (await openEscrows(client, b.wallet.classicAddress, currency)).count);
    }
    const platformHistory = await accountHistory(client, platformAddress);
    const feesByOrder = new Map<string, bigint[]>();
    for (const t of platformHistory) {
      const memo = t.memos.find((m) => m.type === 'marketplace/fee');
      if (t.type === 'Payment' && t.result === 'tesSUCCESS' && t.destination === platformAddress && memo) {
        feesByOrder.set(memo.data, [...(feesByOrder.get(memo.data) ?? []), t.micros ?? 0n]);
      }
    }
    const byFate = Object.fromEntries(
      FATES.map((f) => [f, { orders: 0, finished: 0, cancelled: 0, open: 0 }]),
    ) as SimResult['byFate'];
    const outcomes: SimResult['outcomes'] = {
      finished: 0,
      cancelled: 0,
      stuck: 0,
      releasedWrongly: 0,
      releasedWhileHeld: 0,
      releasedBeforeFunding: 0,
      refundedWrongly: 0,
      endedTwice: 0,
      orderStoreDisagrees: 0,
      feesPaidTwice: 0,
      feesPaid: 0,
      returnsDisagree: 0,
      returnRefunds: 0,
      returnRefundsWrong: 0,
    };
    const expectedDelta = new Map<string, bigint>();
    const addDelta = (address: string, micros: bigint) =>
      expectedDelta.set(address, (expectedDelta.get(address) ?? 0n) + micros);
    const stored = new Map<string, OrderRecord>();
    for (const o of orders) stored.set(o.orderId, (await orderRepo.get(o.orderId))!);
    const storedReturns = new Map<string, ReturnRecord | null>();
    for (const o of orders) if (o.ret !== 'none') storedReturns.set(o.orderId, await returns.get(o.orderId));
    for (const o of orders) {
      const ends = endings.get(`${o.buyer.wallet.classicAddress}:${o.escrowSequence}`) ?? [];
      const outcome: Outcome = ends.length === 0 ? 'open' : ends[0]!.type === 'EscrowFinish' ? 'finished' : 'cancelled';
      // A release the platform could not make (the fulfillment lost) can only go back to the buyer after CancelAfter.
      const delivered = o.tracking !== null && o.deliveredToBuyer && !o.returned && !vaultLost.has(o.orderId);
      // A dispute holds the release: only an administrator's release ends it with the seller paid (decision 053). A
      // return asked before release holds it too: only a lapsed one (nothing sent back in time) leaves the seller paid
      // (decision 054).
      const returnHeld = o.ret === 'open' || o.ret === 'accepted';
      const shouldFinish =
        o.approved || (delivered && (o.dispute === 'none' || o.dispute === 'released') && !returnHeld);
      if (outcome === 'finished' && (o.dispute === 'open' || o.dispute === 'refunded' || returnHeld)) {
        outcomes.releasedWhileHeld++;
        failures.push(
          `order ${o.orderId} (${o.fate}, ${o.variant}): released while its ${returnHeld ? 'return' : 'dispute'} held it`,
        );
      }
      byFate[o.fate].orders++;
      byFate[o.fate][outcome]++;
      if (outcome === 'open') {
        outcomes.stuck++;
        failures.push(`order ${o.orderId} (${o.fate}): its escrow never ended`);
      } else outcomes[outcome]++;
      if (ends.length > 1) outcomes.endedTwice++;
      if (outcome === 'finished' && !shouldFinish) {
        outcomes.releasedWrongly++;
        failures.push(`order ${o.orderId} (${o.fate}, ${o.variant}): released without delivery or approval`);
      }
      const rec = stored.get(o.orderId)!;
      const deliveredAt = rec.shipment.deliveredAt ? Date.parse(rec.shipment.deliveredAt) : null;
      if (outcome === 'finished' && !o.approved && (deliveredAt === null || deliveredAt < Date.parse(rec.fundedAt!))) {
        outcomes.releasedBeforeFunding++;
        failures.push(`order ${o.orderId} (${o.fate}, ${o.variant}): released on a delivery before it was funded`);
      }
      if (outcome === 'cancelled' && shouldFinish) {
        outcomes.refundedWrongly++;
        failures.push(`order ${o.orderId} (${o.fate}, ${o.variant}): delivered or approved, but returned to the buyer`);
      }
      const agrees =
        (outcome === 'finished' && rec.status === 'completed' && rec.settlement?.txid === ends[0]!.hash) ||
        (outcome === 'cancelled' && rec.status === 'refunded' && rec.settlement?.txid === ends[0]!.hash);
      if (!agrees) {
        outcomes.orderStoreDisagrees++;
        failures.push(
          `order ${o.orderId} (${o.fate}): stored ${rec.status} ${rec.settlement?.txid ?? '-'}, ledger ${outcome}`,
        );
      }
      const amount = BigInt(o.priceCents) * 10_000n;
      if (outcome === 'finished') {
        addDelta(o.buyer.wallet.classicAddress, -amount);
        addDelta(o.seller.wallet.classicAddress, amount);
      }
      const fees = feesByOrder.get(o.orderId) ?? [];
      if (fees.length > 1) {
        outcomes.feesPaidTwice++;
        failures.push(`order ${o.orderId}: platform fee paid ${fees.length} times`);
      }
      if (fees.length > 0) outcomes.feesPaid++;
      if (fees.length > 0 !== (rec.fee?.paidAt != null)) {
        failures.push(`order ${o.orderId}: fee on the ledger ${fees.length}, stored paid ${rec.fee?.paidAt ?? 'no'}`);
      }
      // The one payment is exactly the fee, plus the label's quoted cost when a label was bought with it.
      if (fees.length === 1 && rec.fee && fees[0] !== BigInt(paymentCents(rec.fee)) * 10_000n) {
        failures.push(
          `order ${o.orderId}: paid ${fees[0]} millionths, the fee and label say ${paymentCents(rec.fee)} cents`,
        );
      }
      for (const fee of fees) {
        addDelta(o.seller.wallet.classicAddress, -fee);
        addDelta(platformAddress, fee);
      }
      // Returns: what the order says of its return, and after release the one refund Payment the seller signed.
      const ret = storedReturns.get(o.orderId);
      const returnSays =
        o.ret === 'accepted'
          ? ret?.stage === 'completed' && rec.refundReason === 'return_refunded'
          : o.ret === 'lapsed'
            ? ret?.stage === 'lapsed' && rec.releaseReason === 'delivered'
            : o.ret !== 'after_release' || !o.refundSigned || ret?.stage === 'completed';
      if (!returnSays) {
        outcomes.returnsDisagree++;
        failures.push(
          `order ${o.orderId} (${o.fate}, ${o.variant}): return ${ret?.stage ?? 'missing'}, order ${rec.status} ` +
            `${rec.refundReason ?? rec.releaseReason ?? '-'}, the world says ${o.ret}`,
        );
      }
      const refunds = refundsByOrder.get(o.orderId) ?? [];
      if (o.refundSigned) {
        const [paid] = refunds;
        if (refunds.length !== 1 || paid!.micros !== amount || paid!.account !== o.seller.wallet.classicAddress) {
          outcomes.returnRefundsWrong++;
          failures.push(
            `order ${o.orderId} (${o.fate}): ${refunds.length} refund payments (${refunds.map((t) => `${t.micros} from ${t.account}`).join(', ')}), expected one of ${amount} millionths from the seller`,
          );
        } else {
          outcomes.returnRefunds++;
          if (ret?.refundTxid !== paid!.hash) {
            outcomes.returnsDisagree++;
            failures.push(`order ${o.orderId}: return refund stored ${ret?.refundTxid ?? '-'}, ledger ${paid!.hash}`);
          }
        }
        // The seller signed it: the item price goes back to the buyer, outside the escrow.
        addDelta(o.seller.wallet.classicAddress, -amount);
        addDelta(o.buyer.wallet.classicAddress, amount);
      } else if (refunds.length > 0) {
        outcomes.returnRefundsWrong++;
        failures.push(`order ${o.orderId} (${o.fate}): ${refunds.length} refund payments, none signed`);
      }
      for (const p of o.problems) failures.push(`order ${o.orderId} (${o.fate}): ${p}`);
    }
    for (const [address, n] of openLeft) if (n > 0) failures.push(`${address} still has ${n} open escrows`);
    const after = await rlusdOnLines(client, issuer, currency);
    if (after.total !== before.total) {
      failures.push(`RLUSD on all trust lines: ${after.total} millionths after, ${before.total} before`);
    }
    let accountsOff = 0;
    for (const [address, held] of after.byHolder) {
      const want = (before.byHolder.get(address) ?? 0n) + (expectedDelta.get(address) ?? 0n);
      if (held !== want) {
        accountsOff++;
        failures.push(`${address}: holds ${held} RLUSD millionths, its orders, fees and refunds say ${want}`);
      }
    }
    seconds.checks =
      mark() - seconds.setup - seconds.funding - seconds.actions - seconds.settleNow - seconds.returns - seconds.expiry;
    seconds.total = mark();
    const logCounts = Object.fromEntries([...log.counts].sort((a, b) => b[1] - a[1]));
    return {
      seed: opts.seed,
      orders: opts.orders,
      buyers: nBuyers,
      sellers: nSellers,
      seconds,
      byFate,
      variants: Object.fromEntries(
        [
          ...orders
            .filter((o) => o.variant !== null)
            .reduce(
              (m, o) => m.set(`${o.fate}: ${o.variant}`, (m.get(`${o.fate}: ${o.variant}`) ?? 0) + 1),
              new Map<string, number>(),
            ),
        ].sort(),
      ),
      outcomes,
      rlusd: { beforeCents: microsToCents(before.total), afterCents: microsToCents(after.total), accountsOff },
      faults: { kills, injected, webhooks: proxy.counts, badTrackingRefused, redeliveredRuns, holds },
      schedules: { settleNowRounds, inspectedRounds, lapseRounds, expiryRounds },
      submits,
      log: logCounts,
      failures,
      ok: failures.length === 0,
    };
  } finally {
    await proxy?.close();
    await client.disconnect().catch(() => undefined);
    setClock(null);
    await stack.dispose();
  }
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);

/** The human-readable report. */
export function formatSim(s: SimResult): string {
  const lines = [
    `Escrow money-safety simulation: ${s.orders} orders, seed ${s.seed}, ${s.buyers} buyers, ${s.sellers} sellers`,
    `time: ${s.seconds.total.toFixed(1)} s (setup ${s.seconds.setup.toFixed(1)}, funding ${s.seconds.funding.toFixed(1)}, actions and faults ${s.seconds.actions.toFixed(1)}, releases settled ${s.seconds.settleNow.toFixed(1)}, inspection and returns ${s.seconds.returns.toFixed(1)}, expiry ${s.seconds.expiry.toFixed(1)}, checks ${s.seconds.checks.toFixed(1)})`,
    '',
    `${pad('fate', 29)} ${pad('orders', 7)} ${pad('finished', 9)} ${pad('cancelled', 10)} open`,
    ...FATES.map((f) => {
      const x = s.byFate[f];
      return `${pad(f, 29)} ${pad(x.orders, 7)} ${pad(x.finished, 9)} ${pad(x.cancelled, 10)} ${x.open}`;
    }),
    '',
    `finished ${s.outcomes.finished}, cancelled ${s.outcomes.cancelled}, stuck ${s.outcomes.stuck}, released wrongly ${s.outcomes.releasedWrongly}, released while held ${s.outcomes.releasedWhileHeld}, released before funding ${s.outcomes.releasedBeforeFunding}, refunded wrongly ${s.outcomes.refundedWrongly}, ended twice ${s.outcomes.endedTwice}`,
    `orders disagreeing with the ledger ${s.outcomes.orderStoreDisagrees}; fees paid ${s.outcomes.feesPaid}, paid twice ${s.outcomes.feesPaidTwice}`,
    `returns disagreeing ${s.outcomes.returnsDisagree}; refunds after release paid ${s.outcomes.returnRefunds}, missing, twice or wrong ${s.outcomes.returnRefundsWrong}`,
    `RLUSD on all trust lines: ${(s.rlusd.beforeCents / 100).toFixed(2)} before, ${(s.rlusd.afterCents / 100).toFixed(2)} after; accounts off ${s.rlusd.accountsOff}`,
    `faults: kills ${JSON.stringify(s.faults.kills)}, outages ${JSON.stringify(s.faults.injected)}, webhooks ${JSON.stringify(s.faults.webhooks)}, bad tracking refused ${s.faults.badTrackingRefused}, redelivered runs ${s.faults.redeliveredRuns}`,
    `variants: ${JSON.stringify(s.variants)}`,
    `stock holders: checkouts refused ${JSON.stringify(s.faults.holds.refused)}, units back after lapsed holds ${s.faults.holds.unitsBack}`,
    `schedule rounds until quiet: ${s.schedules.settleNowRounds} before inspection, ${s.schedules.inspectedRounds} after it, ${s.schedules.lapseRounds} after the returns lapsed, ${s.schedules.expiryRounds} after expiry`,
    `core log lines: ${JSON.stringify(s.log)}`,
    `finishes and cancels submitted by the sim's workers: ${JSON.stringify(s.submits)}`,
    s.ok
      ? 'OK: every escrow ended exactly one way, as its fate says; RLUSD conserved'
      : `FAILED (${s.failures.length}):`,
    ...s.failures.slice(0, 40).map((f) => `  ${f}`),
  ];
  return lines.join('\n');
}

/** docs/bench.md's section for a run (the bench runner writes it under its own heading). */
export function escrowSimSection(s: SimResult, date: string): string {
  const row = (name: string, x: { orders: number; finished: number; cancelled: number; open: number }) =>
    `| ${name} | ${x.orders} | ${x.finished} | ${x.cancelled} | ${x.open} |`;
  const all = FATES.reduce(
    (t, f) => ({
      orders: t.orders + s.byFate[f].orders,
      finished: t.finished + s.byFate[f].finished,
      cancelled: t.cancelled + s.byFate[f].cancelled,
      open: t.open + s.byFate[f].open,
    }),
    { orders: 0, finished: 0, cancelled: 0, open: 0 },
  );
  const o = s.outcomes;
  const f = s.faults;
  return `## Escrow money-safety simulation

\`npm run sim:escrow\` on ${date}: ${s.orders} orders, seed ${s.seed} (\`-- --seed ${s.seed}\` runs the same fates), ${s.buyers} buyers,
${s.sellers} sellers; ${s.ok ? '**passed**' : `**FAILED** (${s.failures.length} findings)`} in ${s.seconds.total.toFixed(0)} s (setup
${s.seconds.setup.toFixed(0)} s, funding ${s.seconds.funding.toFixed(0)} s, sellers' actions, carrier and faults
${s.seconds.actions.toFixed(0)} s, releases settled ${s.seconds.settleNow.toFixed(0)} s, past inspection and returns ${s.seconds.returns.toFixed(0)} s, past CancelAfter ${s.seconds.expiry.toFixed(0)} s, checks
${s.seconds.checks.toFixed(0)} s).

| fate | orders | finished (to the seller) | cancelled (to the buyer) | still open |
| --- | --- | --- | --- | --- |
${FATES.map((name) => row(name.replace(/_/g, ' '), s.byFate[name])).join('\n')}
${row('all', all)}

| check (ledger truth) | result | required |
| --- | --- | --- |
| escrows still open (stuck) | ${o.stuck} | 0 |
| finished without a delivery to the buyer's ZIP or an approved pickup | ${o.releasedWrongly} | 0 |
| finished while a dispute held it (not released by an administrator) or a return asked before release (not lapsed) | ${o.releasedWhileHeld} | 0 |
| finished on a delivery dated before the escrow was funded | ${o.releasedBeforeFunding} | 0 |
| cancelled although delivered or approved (a lapsed return included) | ${o.refundedWrongly} | 0 |
| escrows ended more than once | ${o.endedTwice} | 0 |
| orders whose status or settlement hash disagree with the ledger | ${o.orderStoreDisagrees} | 0 |
| platform fees paid (paid twice) | ${o.feesPaid} (${o.feesPaidTwice}) | 0 twice |
| returns whose stage or refund hash disagree with the world and the ledger | ${o.returnsDisagree} | 0 |
| refunds of returns after release paid (missing, twice, wrong amount or none signed) | ${o.returnRefunds} (${o.returnRefundsWrong}) | 0 wrong |
| RLUSD on all trust lines before / after | ${(s.rlusd.beforeCents / 100).toFixed(2)} / ${(s.rlusd.afterCents / 100).toFixed(2)} | equal |
| accounts whose RLUSD moved other than their orders, fees and return refunds say | ${s.rlusd.accountsOff} | 0 |

Faults met: workers killed ${Object.entries(f.kills)
    .map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`)
    .join(
      ', ',
    )}; ledger calls refused while down ${f.injected.ledger_down}, submits whose answer was lost ${f.injected.answer_lost}, carrier calls refused ${f.injected.carrier_down}, Xaman calls refused ${f.injected.xaman_down}; carrier webhooks received ${f.webhooks.received}, forwarded ${f.webhooks.forwarded} (${f.webhooks.duplicated} sent three times and replayed), dropped ${f.webhooks.dropped}, answered other than 200 ${f.webhooks.failed}; tracking numbers refused ${f.badTrackingRefused}; job runs delivered more than once ${f.redeliveredRuns}; stock holders' unpaid checkouts refused ${Object.entries(
    f.holds.refused,
  )
    .map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`)
    .join(
      ', ',
    )}, units back after their holds lapsed ${f.holds.unitsBack}. Schedule rounds until quiet: ${s.schedules.settleNowRounds} before the inspection periods ended, ${s.schedules.inspectedRounds} after, ${s.schedules.lapseRounds} after the unsent returns lapsed, ${s.schedules.expiryRounds} after CancelAfter.
Finishes and cancels the sim's workers submitted came to: ${Object.entries(s.submits)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}. The core's log lines in those workers: ${Object.entries(s.log)
    .map(([k, n]) => `${n} × ${k}`)
    .join('; ')}.

${escrowSimNotes}`;
}

export const escrowSimNotes = `How it is driven: a fresh local stack (tests/bench/bare-stack.ts: DynamoDB Local, the ledger stand-in closing a
ledger every second, the Xaman and carrier stand-ins, the stack's own schedule timers running too). Buyers and sellers
are accounts whose wallets are Xaman stand-in dev wallets (XRP, an RLUSD trust line, 1,000 RLUSD). Each order is made by
the production \`checkout\` (cart line, priced, condition sealed, units reserved) and funded by the production
\`settleEscrowSigning\` (blob verified, hash recorded, submitted, funded from a validated ledger); only the signing is
short-cut: the buyer's EscrowCreate is signed with the buyer's key by xrpl.js instead of on the Xaman sign page. Everything
after that is production code against the local services: platform fees requested through Xaman and approved on its sign
page, shipping checked with the carrier's Track API, parcels moved on at the carrier stand-in whose signed webhooks reach
\`POST /api/carrier/webhook\` through a proxy (which forwards, drops, or sends three times and replays), pickups decided (approved with the
buyer's code as the buyer's own read shows it, a wrong code first for some, never collected for others),
and the delivery check, settlement run and reconcile called as their jobs call them. Faults are wrapped ports
(tests/sim/escrow/faults.ts, docs/decisions): the ledger down or answers lost, Xaman or the carrier down, the process's
fulfillment vault unable to open some orders' fulfillments (fate fulfillment lost: delivered, but only a refund after
CancelAfter is possible, and that is what the check expects), workers that die
at a chosen step of ending an escrow (after prepare, after record, after submit, before marking the order), jobs
delivered three times at once. Fate stock holder (tests/sim/escrow/stock-holder.ts, decision 041): beside its funded
order, the buyer holds the seller's stock with unpaid checkouts; the fourth is refused, the holds lapse and every unit
comes back, and the lapsed listing is refused to that buyer during the cooldown. Returns (tests/sim/escrow/returns.ts,
decision 054) are asked, answered, shipped back and refunded by the production core: before release the request holds
the escrow; a parcel back that the carrier accepts to the seller's return ZIP decides the refund (given its number after
the acceptance, or found by the returns schedule, two runs at once); approved (by the seller, or for a silent seller by
the schedule after 48 hours) and never sent, it lapses and the release goes ahead; some are asked at the moment the
settlement run releases the order (only one may win). After release (a pickup approved, or a delivery past inspection),
the parcel is delivered back and the seller signs the refund Payment on the Xaman stand-in's sign page. Meanwhile the
schedules run compressed (every 15 s, the returns schedule too). Then the functions' clock moves past the inspection
periods (the delivered orders are released, the silent sellers' returns approved, the returns after release made), then
past the unsent returns' time to be sent back (they lapse and are released). Then the ledger's close time and the
functions' clock move eight days ahead (past every CancelAfter); four settlement runs die at each kill point in turn, then
the schedules run until nothing is left (eight workers side by side, each on its share of the due lists). The checks read
the ledger with a plain xrpl Client: every buyer's account_tx (escrow endings and the return refunds) and escrow objects,
the platform's fee payments, and every trust line of the RLUSD issuer.`;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seed = arg('seed') !== undefined ? Number(arg('seed')) : randomInt(0, 2 ** 31);
  const orders = arg('orders') !== undefined ? Number(arg('orders')) : 1_000;
  const canary = process.argv.includes('--canary');
  if (!Number.isInteger(seed) || !Number.isInteger(orders) || orders < 1) {
    console.error('usage: npm run sim:escrow -- [--orders N] [--seed S] [--json] [--canary]');
    process.exit(2);
  }
  process.stderr.write(`sim: seed ${seed} (rerun with --seed ${seed}), ${orders} orders${canary ? ', canary' : ''}\n`);
  const result = await runEscrowSim({ orders, seed, canary });
  console.error(formatSim(result));
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  // The bench runner writes a failed run into docs/bench.md instead of stopping.
  process.exit(result.ok || process.argv.includes('--exit-zero') ? 0 : 1);
}
