import { isDeepStrictEqual } from 'node:util';
import { vi } from 'vitest';
import type { EscrowEnding, EscrowEntry, SubmitOutcome } from '../../../../functions/core/ledger/ports';
import type { DecidePickupDeps, PickupTries } from '../../../../functions/core/orders/decide-pickup';
import type { DeliveryDeps } from '../../../../functions/core/orders/delivery';
import {
  holdEnd,
  RESERVING,
  type OrderRecord,
  type PlatformFee,
  type ShipTo,
} from '../../../../functions/core/orders/order';
import type { OrderRepository } from '../../../../functions/core/orders/order-store';
import { newPickupLock } from '../../../../functions/core/orders/pickup-code';
import type { FeeDeps, FeeRepository } from '../../../../functions/core/orders/platform-fee';
import type { LabelRepository } from '../../../../functions/core/orders/platform-label';
import type { DriftMarks, ReconcileDeps } from '../../../../functions/core/orders/reconcile-orders';
import type { ShipOrderDeps, ShipmentRepository } from '../../../../functions/core/orders/ship-order';
import type { Place, ScanEvent, TrackedShipment, TrackResult } from '../../../../functions/core/shipping/carrier-port';
import type { SignRequest, SignRequestState } from '../../../../functions/core/signing/ports';
import type { SigningRequestStore } from '../../../../functions/core/signing/requests';
import { anOrder } from '../../../fixtures/order-record';
import { DEFAULT_PROTECTION, type ProtectionSettings } from '../../../../functions/core/orders/protection';
import type { DisputeDeps, DisputeRepository } from '../../../../functions/core/disputes/ports';
import type { SettleEscrowsDeps } from '../../../../functions/core/orders/settle-escrows';

/**
 * In-memory stand-ins for the ports the settlement use cases take (orders, ledger, platform account, vault, carrier,
 * wallet signer), shared by the unit tests of release, refund, fee, delivery, expiry and reconcile. The order store's
 * writes are conditional on what the stored order is, like the DynamoDB adapters' (functions/adapters/db).
 */

export const NOW = new Date('2026-11-24T10:00:00.000Z');
export const CANCEL_AFTER = '2026-12-01T10:00:00.000Z';
/** A moment by the escrow's CancelAfter: `ms` after it (negative: before). */
export const afterCancel = (ms: number) => new Date(Date.parse(CANCEL_AFTER) + ms);
export const BUYER_ZIP = '90001';
export const PLATFORM = 'rPlatform';
export const RLUSD = { currency: '524C555344000000000000000000000000000000', issuer: 'rIssuer' };

export const PAID_FEE: PlatformFee = {
  cents: 113,
  basisPoints: 250,
  label: null,
  signing: null,
  txid: 'FEETX',
  paidAt: '2026-11-24T09:00:00.000Z',
};

export const SHIP_TO: ShipTo = {
  fullName: 'Bea Buyer',
  street: '1 Main St',
  city: 'Los Angeles',
  state: 'CA',
  postalCode: BUYER_ZIP,
  country: 'US',
};

/** A funded order ($45.00) that ships to BUYER_ZIP, its EscrowCreate validated and its platform fee paid. */
export function aFundedOrder(over: Partial<OrderRecord> = {}): OrderRecord {
  const base = anOrder();
  return anOrder({
    status: 'funded',
    signing: null,
    escrowCreate: { txid: 'CREATE', blob: 'CREATEBLOB', sequence: 41, submittedAt: base.createdAt, ledgerIndex: 9 },
    fundedAt: base.createdAt,
    shipping: { ...base.shipping, shipTo: SHIP_TO },
    fee: PAID_FEE,
    ...over,
  });
}

/** The pickup code of aPickupOrder: its lock holds this code's hash under the fake vault's fulfillment. */
export const PICKUP_CODE = '48151623';

/** A funded local-pickup order, locked with PICKUP_CODE. */
export function aPickupOrder(over: Partial<OrderRecord> = {}): OrderRecord {
  const base = anOrder();
  return aFundedOrder({
    shipping: { ...base.shipping, fulfilment: 'pickup', shipTo: null },
    pickup: newPickupLock(PICKUP_CODE, base.orderId, `FULFILLMENT-${base.orderId}`),
    ...over,
  });
}

/** A shipped order whose parcel carries `trackingNumber`. */
export function aShippedOrder(orderId: string, trackingNumber: string, over: Partial<OrderRecord> = {}): OrderRecord {
  return aFundedOrder({
    orderId,
    status: 'shipped',
    shipment: {
      status: 'shipped',
      trackingNumber,
      shippedAt: NOW.toISOString(),
      deliveredAt: null,
      estimatedDeliveryAt: null,
      proof: 'seller_tracking',
      claim: { at: NOW.toISOString(), lastScanAt: null, scanCount: 0 },
    },
    ...over,
  });
}

export type MemoryOrders = OrderRepository &
  FeeRepository &
  PickupTries &
  ShipmentRepository &
  LabelRepository &
  Pick<DeliveryDeps, 'shipped' | 'byTracking' | 'markDelivered'>;

/** Orders in memory; `trace` notes each recorded hash ('record TX1', 'record fee FEETX'). */
export function memoryOrders(initial: readonly OrderRecord[], trace: string[]) {
  const rows = new Map(initial.map((o) => [o.orderId, structuredClone(o)]));
  const claims = new Map<string, string>();
  for (const o of initial) if (o.shipment.trackingNumber) claims.set(o.shipment.trackingNumber, o.orderId);
  const deadline = (o: OrderRecord) =>
    RESERVING.includes(o.status)
      ? o.reservationExpiresAt
      : holdEnd(o)
        ? holdEnd(o)!
        : o.status === 'delivered'
          ? o.releaseDueAt!
          : o.escrow.cancelAfter;
  const clone = (o: OrderRecord | undefined) => (o ? structuredClone(o) : null);

  /** A conditional write: `change` applies only when `holds` is true of the stored order. */
  async function when(
    orderId: string,
    holds: (o: OrderRecord) => boolean,
    change: (o: OrderRecord) => Partial<OrderRecord>,
  ): Promise<boolean> {
    const o = rows.get(orderId);
    if (!o || !holds(o)) return false;
    Object.assign(o, change(o));
    return true;
  }
  const unused = () => vi.fn(async () => Promise.reject(new Error('not used by these use cases')));

  const repo: MemoryOrders = {
    get: async (orderId) => clone(rows.get(orderId)),
    place: unused(),
    setSigning: unused(),
    startSubmitting: unused(),
    markFunded: unused(),
    cancel: unused(),
    startPayment: unused(),
    backToPayment: unused(),
    byBuyer: unused(),
    bySeller: unused(),
    unpaidOrders: unused(),
    lapsedReservations: unused(),

    countTry: (orderId, read, next) =>
      when(
        orderId,
        (o) => o.status === 'funded' && isDeepStrictEqual(o.pickup, read),
        () => ({ pickup: next }),
      ),
    beginRelease: (orderId, from, releaseReason) =>
      when(
        orderId,
        (o) => o.status === from && !holdEnd(o),
        () => ({ status: 'releasing', releaseReason }),
      ),
    beginRefund: (order, from, settlementTxid, refundReason) =>
      when(
        order.orderId,
        (o) => o.status === from && (from !== 'releasing' || (o.settlement?.txid ?? null) === settlementTxid),
        (o) => ({ status: 'refunding', refundReason, escrow: { ...o.escrow, sealedFulfillment: '' } }),
      ),
    async recordSettlement(orderId, status, previousTxid, settlement) {
      const done = await when(
        orderId,
        (o) => o.status === status && (o.settlement?.txid ?? null) === previousTxid,
        () => ({ settlement }),
      );
      if (done) trace.push(`record ${settlement.txid}`);
      return done;
    },
    markCompleted: (order, ledgerIndex, completedAt) =>
      when(
        order.orderId,
        (o) => o.status === order.status,
        () => ({
          status: 'completed',
          settlement: { ...order.settlement!, ledgerIndex },
          completedAt,
          drift: undefined,
        }),
      ),
    markRefunded: (order, ledgerIndex, refundedAt) =>
      when(
        order.orderId,
        (o) => o.status === order.status,
        () => ({ status: 'refunded', settlement: { ...order.settlement!, ledgerIndex }, refundedAt, drift: undefined }),
      ),
    async dueIn(status, before, limit) {
      return [...rows.values()]
        .filter((o) => o.status === status && deadline(o) < before)
        .sort((a, b) => deadline(a).localeCompare(deadline(b)))
        .slice(0, limit)
        .map((o) => structuredClone(o));
    },

    setFeeSigning: (orderId, fee, previousUuid) =>
      when(
        orderId,
        (o) => !o.fee?.txid && (o.fee?.signing?.uuid ?? null) === previousUuid,
        () => ({ fee }),
      ),
    async recordFeeTx(orderId, txid) {
      const done = await when(
        orderId,
        (o) => !!o.fee && !o.fee.txid,
        (o) => ({ fee: { ...o.fee!, txid } }),
      );
      if (done) trace.push(`record fee ${txid}`);
      return done;
    },
    markFeePaid: (orderId, txid, paidAt) =>
      when(
        orderId,
        (o) => o.fee?.txid === txid,
        (o) => ({ fee: { ...o.fee!, paidAt } }),
      ),
    waiveFee: (orderId, fee) =>
      when(
        orderId,
        (o) => !o.fee?.txid && !o.fee?.signing,
        () => ({ fee }),
      ),
    clearFeeTx: (orderId, txid) =>
      when(
        orderId,
        (o) => o.fee?.txid === txid,
        (o) => ({ fee: { ...o.fee!, txid: null, signing: null } }),
      ),

    async markShipped(order, shipment) {
      const number = shipment.trackingNumber!;
      if (rows.get(order.orderId)?.status !== 'funded') return 'changed';
      if (claims.has(number)) return 'taken';
      claims.set(number, order.orderId);
      await when(
        order.orderId,
        () => true,
        () => ({ status: 'shipped', shipment }),
      );
      return 'ok';
    },
    startLabelPurchase: (orderId, label) =>
      when(
        orderId,
        (o) => o.status === 'funded' && !o.label,
        () => ({ label }),
      ),
    endLabelPurchase: (orderId, label) =>
      when(
        orderId,
        (o) => o.label?.status === 'buying',
        () => ({ label }),
      ),
    async markLabelShipped(order, shipment, label) {
      const o = rows.get(order.orderId);
      if (o?.status !== 'funded' || o.label?.status !== 'buying') return 'changed';
      if (claims.has(shipment.trackingNumber!)) return 'taken';
      claims.set(shipment.trackingNumber!, order.orderId);
      Object.assign(o, { status: 'shipped', shipment, label });
      return 'ok';
    },
    async shipped(cursor, limit) {
      const page = [...rows.values()]
        .filter((o) => o.status === 'shipped' && (cursor === null || o.orderId > cursor))
        .sort((a, b) => a.orderId.localeCompare(b.orderId))
        .slice(0, limit);
      return { orders: structuredClone(page), cursor: page.length === limit ? page.at(-1)!.orderId : null };
    },
    async byTracking(numbers) {
      const ids = new Set(numbers.flatMap((n) => claims.get(n) ?? []));
      return [...ids].map((id) => clone(rows.get(id))!);
    },
    noteShipByNotice: (orderId, at) =>
      when(
        orderId,
        (o) => o.status === 'funded' && !o.shipByNoticeAt,
        () => ({ shipByNoticeAt: at }),
      ),
    markDelivered: (order, deliveredAt, releaseDueAt) =>
      when(
        order.orderId,
        (o) => o.status === 'shipped' && holdEnd(o) === holdEnd(order),
        (o) => ({ status: 'delivered', releaseDueAt, shipment: { ...o.shipment, status: 'delivered', deliveredAt } }),
      ),
  };
  /** A dispute's conditional writes (adapters/db/order-dispute-store.ts), on the same rows. */
  const held = (order: OrderRecord) => (o: OrderRecord) => o.status === order.status && holdEnd(o) !== null;
  const disputes: DisputeRepository = {
    get: async (orderId) => clone(rows.get(orderId)),
    open: (order, dispute) =>
      when(
        order.orderId,
        (o) => o.status === order.status && !holdEnd(o),
        () => ({ dispute }),
      ),
    withdraw: (order, dispute) => when(order.orderId, held(order), () => ({ dispute })),
    refund: (order, dispute, refundReason) =>
      when(order.orderId, held(order), (o) => ({
        status: 'refunding',
        refundReason,
        dispute,
        escrow: { ...o.escrow, sealedFulfillment: '' },
      })),
    respond: (order, dispute, answered) =>
      when(
        order.orderId,
        (o) => held(order)(o) && (o.dispute?.responses?.length ?? 0) === answered,
        () => ({ dispute }),
      ),
    release: (order, dispute) =>
      when(order.orderId, held(order), () => ({ status: 'releasing', releaseReason: 'dispute_released', dispute })),
  };
  /** Drift marks (adapters/db/order-drift-store.ts): conditional on the status and the mark as read. */
  const drift: DriftMarks = {
    mark: (order, kind, at) =>
      when(
        order.orderId,
        (o) => o.status === order.status && o.drift?.at === order.drift?.at,
        () => ({ drift: { kind, at } }),
      ),
    clear: (order) =>
      when(
        order.orderId,
        (o) => !!order.drift && o.status === order.status && o.drift?.at === order.drift.at,
        () => ({ drift: undefined }),
      ),
  };
  return { repo, rows, claims, disputes, drift };
}

/** What the fake ledger answers a submitted blob: a result code, or 'timeout' / 'expired'. */
export type Answer = 'timeout' | 'expired' | `tes${string}` | `tec${string}` | `tem${string}` | `tef${string}`;

function outcomeOf(answer: Answer, txid: string, ledgerIndex: number): SubmitOutcome {
  if (answer === 'timeout') return { status: 'timeout', txid, preliminaryCode: 'tesSUCCESS' };
  if (answer === 'expired') return { status: 'expired', txid, lastLedgerSequence: ledgerIndex - 1 };
  if (answer.startsWith('tes')) return { status: 'success', txid, ledgerIndex, deliveredAmount: null };
  if (answer.startsWith('tec')) return { status: 'failed', code: answer, txid, ledgerIndex };
  return { status: 'rejected', code: answer, message: `${answer} (not applied)`, txid };
}

/**
 * The ledger: answers submitted blobs from a queue (tesSUCCESS once the queue is empty), knows the txid of every blob
 * signed by the platform or a seller, and holds escrows and their endings for reconcile.
 */
export function fakeLedger(trace: string[]) {
  const signed = new Map<string, { txid: string; tx: Record<string, unknown> }>();
  const queued: Answer[] = [];
  const escrows = new Map<string, EscrowEntry>();
  const endings = new Map<string, EscrowEnding>();
  const key = (owner: string, sequence: number) => `${owner}:${sequence}`;
  let ledgerIndex = 100;
  return {
    signed,
    escrows,
    endings,
    key,
    /** The answers to the next submits, in order. */
    answer: (...answers: Answer[]) => void queued.push(...answers),
    submitAndWait: vi.fn(async (blob: string) => {
      trace.push(`submit ${blob}`);
      return outcomeOf(queued.shift() ?? 'tesSUCCESS', signed.get(blob)?.txid ?? 'UNKNOWN', ++ledgerIndex);
    }),
    /** Exactly the transaction asked for, or refused (the adapter also checks the signature). */
    verifySignedBlob: vi.fn(async (blob: string, expected: Record<string, unknown>) => {
      const entry = signed.get(blob);
      return entry && isDeepStrictEqual(entry.tx, expected)
        ? { ok: true as const, account: String(entry.tx.Account), txid: entry.txid, tx: entry.tx }
        : { ok: false as const, reason: 'The blob differs from the request' };
    }),
    escrow: vi.fn(async (owner: string, sequence: number) => escrows.get(key(owner, sequence)) ?? null),
    escrowEnding: vi.fn(
      async (owner: string, sequence: number, _fromLedger: number) => endings.get(key(owner, sequence)) ?? null,
    ),
  };
}

/** The platform account: each prepared transaction gets BLOB<n> / TX<n> and the platform's sequence 500 + n. */
export function fakePlatform(ledger: ReturnType<typeof fakeLedger>) {
  let n = 0;
  return {
    address: PLATFORM,
    prepare: vi.fn(async (tx: { TransactionType: string } & Record<string, unknown>) => {
      n++;
      ledger.signed.set(`BLOB${n}`, { txid: `TX${n}`, tx });
      return { blob: `BLOB${n}`, txid: `TX${n}`, sequence: 500 + n, lastLedgerSequence: 1_000 + n };
    }),
  };
}

export const place = (zip: string | null): Place => ({ city: null, state: null, zip, country: 'US' });

/** A parcel the carrier knows, on its way to BUYER_ZIP. */
export function aParcel(trackingNumber: string, over: Partial<TrackedShipment> = {}): TrackedShipment {
  return {
    trackingNumber,
    found: true,
    status: 'in_transit',
    statusCode: 'IT',
    statusDescription: 'In transit',
    deliveredAt: null,
    estimatedDeliveryAt: '2026-11-27T18:00:00.000Z',
    shipDate: null,
    pickedUpAt: null,
    destination: place(BUYER_ZIP),
    deliveredTo: null,
    events: [],
    returnedToShipper: false,
    ...over,
  };
}

/** A carrier scan at `at`. */
export function aScan(at: string, status: ScanEvent['status'] = 'in_transit', zip = BUYER_ZIP): ScanEvent {
  return {
    at,
    code: status === 'delivered' ? 'DL' : 'IT',
    description: status,
    status,
    location: place(zip),
    exceptionCode: null,
    exceptionDescription: null,
  };
}

/** A parcel delivered at `zip` (BUYER_ZIP unless given), with an actual delivery time and its delivery scan. */
export function aDeliveredParcel(trackingNumber: string, over: Partial<TrackedShipment> = {}, zip = BUYER_ZIP) {
  const deliveredAt = '2026-11-26T15:00:00.000Z';
  return aParcel(trackingNumber, {
    status: 'delivered',
    statusCode: 'DL',
    statusDescription: 'Delivered',
    deliveredAt,
    deliveredTo: place(zip),
    events: [aScan(deliveredAt, 'delivered', zip), aScan('2026-11-25T09:00:00.000Z')],
    ...over,
  });
}

/** The carrier's Track API: one result per number, in order; a number it does not know is `found: false`. */
export function fakeCarrier(parcels: readonly TrackResult[]) {
  const known = new Map(parcels.map((p) => [p.trackingNumber, p]));
  return {
    known,
    track: vi.fn(async (numbers: readonly string[]) =>
      numbers.map(
        (n): TrackResult =>
          known.get(n) ?? { trackingNumber: n, found: false, code: 'TRACKING.TRACKINGNUMBER.NOTFOUND', message: '' },
      ),
    ),
  };
}

/** The wallet signer and the signing-request bookkeeping the platform fee uses. */
function fakeSigner(ledger: ReturnType<typeof fakeLedger>) {
  const states = new Map<string, SignRequestState>();
  let n = 0;
  const requests: SigningRequestStore = {
    create: vi.fn(async () => {}),
    get: vi.fn(async () => null),
    updateIfPending: vi.fn(async () => false),
    recordCheck: vi.fn(async () => false),
    markCompleted: vi.fn(async () => false),
  };
  return {
    requests,
    queue: { enqueue: vi.fn(async () => {}) },
    signer: {
      create: vi.fn(async (_request: SignRequest) => {
        const uuid = `FEE-U${++n}`;
        return { uuid, signUrl: `http://sign/${uuid}`, qrPngUrl: `http://qr/${uuid}`, websocketUrl: `ws://x/${uuid}` };
      }),
      get: vi.fn(async (uuid: string) => states.get(uuid) ?? null),
    },
    /** The seller signed request `uuid`: the signer returns `blob`, whose hash is `txid` and which says `tx`. */
    sign(uuid: string, blob: string, txid: string, tx: Record<string, unknown>) {
      ledger.signed.set(blob, { txid, tx });
      states.set(uuid, {
        uuid,
        status: 'signed',
        txType: String(tx.TransactionType),
        opened: true,
        expiresAt: '',
        response: { hex: blob, txid, account: String(tx.Account), signerPubkey: null },
        customMeta: { identifier: null, instruction: null, blob: null },
      });
    },
  };
}

/** Every port wired to the fakes, over these orders; `clock.at` is the time `now()` answers. */
export function world(
  orders: readonly OrderRecord[],
  options: { now?: Date; parcels?: readonly TrackResult[]; basisPoints?: number; protection?: ProtectionSettings } = {},
) {
  const trace: string[] = [];
  const store = memoryOrders(orders, trace);
  const ledger = fakeLedger(trace);
  const platform = fakePlatform(ledger);
  const carrier = fakeCarrier(options.parcels ?? []);
  const wallet = fakeSigner(ledger);
  const clock = { at: options.now ?? NOW };
  const vault = {
    open: vi.fn(async (sealed: string, orderId: string) => {
      if (!sealed) throw new Error('The fulfillment was destroyed');
      return `FULFILLMENT-${orderId}`;
    }),
  };
  const events = { changed: vi.fn(async (_order: OrderRecord, _at: Date) => {}) };
  const shipByEvents = { shipByDue: vi.fn(async (_order: OrderRecord, _day: string, _at: Date) => {}) };
  const disputeEvents = {
    disputeChanged: vi.fn(async (_order: OrderRecord, _at: Date) => {}),
    disputeAnswered: vi.fn(async (_order: OrderRecord, _at: Date) => {}),
    disputeEnding: vi.fn(async (_order: OrderRecord, _at: Date) => {}),
  };
  const feeEvents = { feeChanged: vi.fn(async (_order: OrderRecord, _at: Date) => {}) };
  const log = { warn: vi.fn(), error: vi.fn() };
  const now = () => clock.at;
  const repo = store.repo;
  const deps: ShipOrderDeps & DecidePickupDeps & DeliveryDeps & ReconcileDeps & DisputeDeps & SettleEscrowsDeps = {
    orders: repo,
    ledger,
    platform,
    vault,
    events,
    log,
    clock: { now },
    shipments: repo,
    pickups: repo,
    carrier,
    shipped: repo.shipped,
    byTracking: repo.byTracking,
    markDelivered: repo.markDelivered,
    protection: options.protection ?? DEFAULT_PROTECTION,
    disputes: store.disputes,
    disputeEvents,
    shipByEvents,
    drift: store.drift,
  };
  const feeDeps: FeeDeps = {
    orders: repo,
    signer: wallet.signer,
    store: wallet.requests,
    queue: wallet.queue,
    ledger,
    platformAddress: PLATFORM,
    rlusd: RLUSD,
    basisPoints: options.basisPoints ?? 250,
    events: feeEvents,
    clock: { now },
    log,
  };
  return {
    deps,
    feeDeps,
    feeEvents,
    repo,
    ledger,
    platform,
    carrier,
    wallet,
    clock,
    vault,
    events,
    disputeEvents,
    shipByEvents,
    log,
    trace,
    claims: store.claims,
    /** The stored order now. */
    order: (orderId = aFundedOrder().orderId) => structuredClone(store.rows.get(orderId)!),
    /** The statuses the events announced, in order. */
    announced: () => events.changed.mock.calls.map(([o]) => `${o.orderId} ${o.status}`),
  };
}
