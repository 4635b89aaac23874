/**
 * Escrow release targets (docs/bench.md) on a fresh local stack (the ledger stand-in closes a ledger every second):
 * - carrier webhook received -> EscrowFinish validated: 20 shipped orders (funded, fee paid, parcel in transit), each
 *   parcel moved to delivered at a random moment of the close cycle; the carrier stand-in's signed webhook goes
 *   through a pass-through proxy that notes when it arrives and forwards it to the app's webhook route; the
 *   validation time is when the ledger's transactions stream announces the validated EscrowFinish of that escrow;
 * - the delivery schedule over 10,000 shipped orders: 9,990 written straight to the table (through the app's order
 *   entity) with their parcels in transit at the carrier stand-in (restarted with those parcels in its file), plus 10
 *   real funded orders whose parcels were delivered while the webhook was off; one run of the production
 *   checkDeliveries with the production adapters (the carrier port counted), its DynamoDB reads counted.
 * Run on its own (`tsx tests/bench/escrow-release.ts`) it prints the result as JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ulid } from 'ulid';
import { Client } from 'xrpl';
import { db } from '../../functions/adapters/db/service';
import { deliveryDeps, requestPlatformFeeDeps as feeDeps, shipOrderDeps } from '../../functions/wiring/orders';
import { checkDeliveries } from '../../functions/core/orders/check-deliveries';
import { shipOrder } from '../../functions/core/orders/ship-order';
import { TRACK_BATCH_MAX } from '../../functions/core/shipping/carrier-port';
import { dynamoRawClient } from '../../functions/lib/aws-clients';
import {
  LOCAL_CARRIER_ACCOUNT_NUMBER,
  LOCAL_CARRIER_API_KEY,
  LOCAL_CARRIER_API_SECRET,
  LOCAL_CARRIER_TRACK_API_KEY,
  LOCAL_CARRIER_TRACK_API_SECRET,
  LOCAL_CARRIER_WEBHOOK_SECRET,
} from '../../infra/local/env';
import { createLocalParcel } from '../../infra/local/carrier/local-parcels';
import { ParcelStore, type ParcelRecord } from '../../infra/local/carrier/parcel-store';
import { startCarrierService, type CarrierService } from '../../infra/local/carrier/service';
import { zipPlace } from '../../infra/local/carrier/zip-places';
import { anOrder } from '../fixtures/order-record';
import { CountingLog } from '../sim/escrow/faults';
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
} from '../sim/escrow/world';
import { startBareStack } from './bare-stack';
import { percentile } from './percentile';
import { countReads } from './read-counter';

const TIMED = 20;
const SHIPPED = 10_000;
const DELIVERED_IN_RUN = 10;
const SYNTHETIC_ZIP = ZIPS[0];

export interface EscrowReleaseBench {
  webhookToFinish: { p50: number; p95: number; max: number; n: number; closeMs: number; released: number };
  deliveryRun: {
    shipped: number;
    seconds: number;
    checked: number;
    carrierCalls: number;
    maxNumbersPerCall: number;
    delivered: number;
    released: number;
    itemsRead: number;
    queryItems: number;
    batchGetItems: number;
    rcu: number;
    seedSeconds: number;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 9,990 parcels in transit to SYNTHETIC_ZIP, in the carrier stand-in's own file format, from one real template. */
function inTransitParcels(dir: string, n: number): string[] {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-parcel-'));
  const store = new ParcelStore(
    scratch,
    () => new Date(),
    () => undefined,
  );
  const made = createLocalParcel(store, { fromZip: ZIPS[1].zip, toZip: SYNTHETIC_ZIP.zip }, new Date());
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!made.ok) throw new Error(made.message);
  const template = made.parcel;
  const t = Date.now();
  const at = (s: number) => new Date(t + s * 1000).toISOString();
  const numbers: string[] = [];
  const parcels: ParcelRecord[] = Array.from({ length: n }, (_, i) => {
    const trackingNumber = `79${String(i).padStart(10, '0')}`;
    numbers.push(trackingNumber);
    return {
      ...template,
      trackingNumber,
      recipient: { ...template.recipient, place: zipPlace(SYNTHETIC_ZIP.zip)! },
      scans: [
        { kind: 'in_transit', at: at(2), place: template.recipient.place },
        { kind: 'picked_up', at: at(1), place: template.shipper.place },
        { kind: 'created', at: at(0), place: template.shipper.place },
      ],
    };
  });
  fs.mkdirSync(path.join(dir, 'carrier'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'carrier', 'parcels.json'), JSON.stringify(parcels));
  return numbers;
}

/** Shipped orders as markShipped leaves them (order and tracking claim), written in batches. */
async function writeShipped(numbers: readonly string[]): Promise<void> {
  const { order, trackingClaim } = db().entities;
  const now = new Date();
  const cancelAfter = new Date(now.getTime() + 7 * 24 * 3_600_000).toISOString();
  for (let i = 0; i < numbers.length; i += 500) {
    const chunk = numbers.slice(i, i + 500);
    const orders = chunk.map((trackingNumber, j) => {
      const orderId = ulid();
      const base = anOrder({
        orderId,
        checkoutId: orderId,
        status: 'shipped',
        shipping: {
          fulfilment: 'ship',
          serviceId: null,
          serviceName: null,
          estimatedDays: null,
          calculatedCents: 0,
          shipTo: {
            fullName: 'Bench Buyer',
            street: '1 Main St',
            city: SYNTHETIC_ZIP.city,
            state: SYNTHETIC_ZIP.state,
            postalCode: SYNTHETIC_ZIP.zip,
            country: 'US',
          },
          fromZip: ZIPS[1].zip,
        },
        escrow: {
          buyerAddress: 'rBenchBuyer',
          sellerAddress: 'rBenchSeller',
          condition: 'A0',
          sealedFulfillment: 'sealed',
          cancelAfter,
        },
        escrowCreate: {
          txid: 'E'.repeat(64),
          blob: '',
          sequence: i + j + 1,
          submittedAt: now.toISOString(),
          ledgerIndex: 1,
        },
        shipment: {
          status: 'shipped',
          trackingNumber,
          shippedAt: now.toISOString(),
          deliveredAt: null,
          estimatedDeliveryAt: null,
          proof: 'seller_tracking',
          claim: null,
        },
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        fundedAt: now.toISOString(),
      });
      const {
        signing: _s,
        cancelReason: _c,
        cancelledAt: _x,
        fee: _f,
        settlement: _t,
        releaseReason: _r,
        refundReason: _u,
        completedAt: _d,
        refundedAt: _e,
        ...stored
      } = base;
      return { ...stored, deadline: cancelAfter, trackingNumber };
    });
    await order.put(orders as never).go();
    await trackingClaim
      .put(orders.map((o) => ({ trackingNumber: o.trackingNumber, orderId: o.orderId, claimedAt: now.toISOString() })))
      .go();
  }
}

export async function escrowReleaseBench(): Promise<EscrowReleaseBench> {
  const stack = await startBareStack('escrow-release', { testControls: true });
  const client = new Client(stack.env.XRPL_URL!);
  const log = new CountingLog();
  let seededCarrier: CarrierService | undefined;
  const seededDir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'bench-parcels-'));
  try {
    await client.connect();
    const carrier = carrierControl(stack.env.CARRIER_API_URL!);
    const proxy = await startWebhookProxy(`${stack.url}/api/carrier/webhook`);
    await carrier.webhookTo(proxy.url);

    // Parties: two buyers (orders are made one at a time per buyer), four sellers (fees are signed one at a time).
    const buyers = await Promise.all([0, 1].map((i) => makeParty(`buyer${i}`, false, ZIPS[0])));
    const sellers = await Promise.all([0, 1, 2, 3].map((i) => makeParty(`seller${i}`, true, ZIPS[1 + (i % 3)]!)));
    await fundWallets(stack, [...buyers, ...sellers]);
    const listings = await Promise.all(sellers.map((s) => createListing(stack, s, 1_500, false)));
    const total = TIMED + DELIVERED_IN_RUN;
    const made: { orderId: string; buyer: Party; seller: Party; key: string }[] = [];
    await Promise.all(
      buyers.map(async (buyer, b) => {
        for (let i = b; i < total; i += buyers.length) {
          const seller = sellers[i % sellers.length]!;
          const { order, escrowSequence } = await fundedOrder(client, buyer, listings[i % sellers.length]!, 1_500, log);
          made[i] = { orderId: order.orderId, buyer, seller, key: `${buyer.wallet.classicAddress}:${escrowSequence}` };
        }
      }),
    );
    const fees = await feeDeps(log);
    const actions = await shipOrderDeps(log);
    const shipAll = async (list: typeof made) => {
      const tracking = new Map<string, string>();
      await Promise.all(
        sellers.map(async (s) => {
          for (const m of list.filter((x) => x.seller === s)) {
            await payPlatformFee(s, m.orderId, fees);
            const n = await carrier.parcel(s.zip.zip, m.buyer.zip.zip);
            await shipOrder(s.userId, m.orderId, n, actions);
            await carrier.move(n, 'picked_up');
            await carrier.move(n, 'in_transit');
            tracking.set(m.orderId, n);
          }
        }),
      );
      return tracking;
    };

    // (a) Webhook received -> EscrowFinish validated.
    const timed = made.slice(0, TIMED);
    const tracking = await shipAll(timed);
    await proxy.idle();
    const validatedAt = new Map<string, number>();
    const closes: number[] = [];
    client.on('ledgerClosed', () => closes.push(performance.now()));
    client.on('transaction', (t) => {
      const tx = (t as unknown as { tx_json?: Record<string, unknown>; meta?: { TransactionResult?: string } }).tx_json;
      const result = (t as unknown as { meta?: { TransactionResult?: string } }).meta?.TransactionResult;
      if (tx?.TransactionType === 'EscrowFinish' && result === 'tesSUCCESS' && t.validated) {
        validatedAt.set(`${String(tx.Owner)}:${String(tx.OfferSequence)}`, performance.now());
      }
    });
    await client.request({ command: 'subscribe', streams: ['transactions', 'ledger'] });
    const armed = new Set<string>();
    const receivedAt = new Map<string, number>();
    proxy.onReceive = (numbers, at) => {
      for (const n of numbers) if (armed.has(n) && !receivedAt.has(n)) receivedAt.set(n, at);
    };
    const samples: number[] = [];
    for (const m of timed) {
      const n = tracking.get(m.orderId)!;
      // Somewhere in the close cycle.
      await sleep(Math.random() * 1_000);
      armed.add(n);
      await carrier.move(n, 'delivered');
      const until = performance.now() + 15_000;
      while (!validatedAt.has(m.key) || !receivedAt.has(n)) {
        if (performance.now() > until) throw new Error(`no EscrowFinish for order ${m.orderId} within 15 s`);
        await sleep(5);
      }
      samples.push(validatedAt.get(m.key)! - receivedAt.get(n)!);
    }
    samples.sort((a, b) => a - b);
    const released = validatedAt.size;
    const intervals = closes.slice(1).map((c, i) => c - closes[i]!);
    const closeMs = intervals.reduce((sum, x) => sum + x, 0) / Math.max(1, intervals.length);
    await proxy.idle();
    await carrier.webhookTo(null);
    await proxy.close();

    // (b) The delivery schedule over 10,000 shipped orders. The carrier stand-in restarts with 9,990 parcels in transit.
    const seedStart = performance.now();
    const carrierUrl = new URL(stack.env.CARRIER_API_URL!);
    const numbers = inTransitParcels(seededDir, SHIPPED - DELIVERED_IN_RUN);
    await stack.standIns.carrier!.stop();
    seededCarrier = await startCarrierService({
      port: Number(carrierUrl.port),
      host: carrierUrl.hostname,
      dataDir: seededDir,
      accountNumber: LOCAL_CARRIER_ACCOUNT_NUMBER,
      client: { clientId: LOCAL_CARRIER_API_KEY, clientSecret: LOCAL_CARRIER_API_SECRET },
      trackClient: { clientId: LOCAL_CARRIER_TRACK_API_KEY, clientSecret: LOCAL_CARRIER_TRACK_API_SECRET },
      webhookSecret: LOCAL_CARRIER_WEBHOOK_SECRET,
    });
    await writeShipped(numbers);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const delivered = await shipAll(made.slice(TIMED));
    for (const n of delivered.values()) await carrier.move(n, 'delivered');

    const deps = await deliveryDeps(log);
    let maxNumbersPerCall = 0;
    const counted = {
      ...deps,
      carrier: {
        track: (list: readonly string[]) => {
          maxNumbersPerCall = Math.max(maxNumbersPerCall, list.length);
          return deps.carrier.track(list);
        },
      },
    };
    const reads = countReads(dynamoRawClient());
    reads.take();
    const t0 = performance.now();
    const run = await checkDeliveries(counted);
    const seconds = (performance.now() - t0) / 1000;
    const tally = reads.take();
    if (maxNumbersPerCall > TRACK_BATCH_MAX) throw new Error(`${maxNumbersPerCall} numbers in one Track call`);
    return {
      webhookToFinish: {
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        max: samples[samples.length - 1]!,
        n: samples.length,
        closeMs,
        released,
      },
      deliveryRun: {
        shipped: SHIPPED,
        seconds,
        checked: run.checked,
        carrierCalls: run.carrierCalls,
        maxNumbersPerCall,
        delivered: run.delivered,
        released: run.released,
        itemsRead: tally.query.items + tally.batchGet.items,
        queryItems: tally.query.items,
        batchGetItems: tally.batchGet.items,
        rcu: tally.query.rcu + tally.batchGet.rcu,
        seedSeconds,
      },
    };
  } finally {
    await client.disconnect().catch(() => undefined);
    await seededCarrier?.stop();
    await stack.dispose();
    fs.rmSync(seededDir, { recursive: true, force: true });
  }
}

export function escrowReleaseRows(b: EscrowReleaseBench): string {
  const w = b.webhookToFinish;
  const d = b.deliveryRun;
  return [
    `| carrier webhook received -> EscrowFinish validated, p50 / p95 / max (n=${w.n}, closes every ${(w.closeMs / 1000).toFixed(2)} s) | ${w.p50.toFixed(0)} / ${w.p95.toFixed(0)} / ${w.max.toFixed(0)} ms | ≤ one close + 1 s (${(w.closeMs + 1000).toFixed(0)} ms) |`,
    `| delivery schedule, one run over ${d.shipped.toLocaleString('en-US')} shipped orders (${d.delivered} delivered, released ${d.released}) | ${d.seconds.toFixed(1)} s | ≤ 5 min |`,
    `| delivery schedule run: orders checked / Track calls (most numbers in one call) | ${d.checked} / ${d.carrierCalls} (${d.maxNumbersPerCall}) | ≤ 30 numbers a call |`,
    `| delivery schedule run: DynamoDB items read (query + batch-get), RCU | ${d.itemsRead} (${d.queryItems} + ${d.batchGetItems}), ${d.rcu.toFixed(0)} RCU | |`,
  ].join('\n');
}

export const escrowReleaseNotes = `Escrow release: a fresh local stack (the ledger stand-in closes a ledger every second, as measured from its ledger
stream). Webhook to finish: 20 orders funded by the production checkout and escrow settling (the buyers' EscrowCreate
signed with their own keys), platform fees paid through the Xaman stand-in, parcels shipped and in transit; each parcel
is then moved to delivered at a random point of the close cycle, one at a time. The carrier stand-in's signed webhook
passes through a proxy that notes its arrival and forwards it unchanged to \`POST /api/carrier/webhook\`; the figure runs
from that arrival to the validated EscrowFinish on the ledger's transactions stream. Delivery schedule: 9,990 shipped
orders written straight to the table with the app's order entity (and their tracking claims), their parcels in transit
at the carrier stand-in (restarted with those parcels in its file), and 10 real funded orders whose parcels were
delivered with the webhook off; one run of the production checkDeliveries with the production adapters; reads counted
on the app's DynamoDB client (items: ScannedCount of queries, keys of batch-gets).`;

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await escrowReleaseBench()));
  process.exit(0);
}
