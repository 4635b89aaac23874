/**
 * Simulated workers: the production core functions get the production adapters (DynamoDB Local, the local ledger,
 * the Xaman and carrier stand-ins) through wrapped ports that fail the way an outage or a crash would. Nothing in
 * functions/ is changed; every fault is a port that throws, loses an answer, or stops working after a chosen step.
 * See docs/decisions (the escrow money-safety simulation record).
 */
import { decode } from 'xrpl';
import { orderPickupStore } from '../../../functions/adapters/db/order-pickup-store';
import { db } from '../../../functions/adapters/db/service';
import { fulfillmentVault } from '../../../functions/adapters/fulfillment-vault';
import { platformAccount } from '../../../functions/adapters/ledger/platform-account';
import { loadLedger } from '../../../functions/adapters/load-ledger';
import { deliveryDeps, requestPlatformFeeDeps as feeDeps, shipOrderDeps } from '../../../functions/wiring/orders';
import type { PlatformAccount, SubmitOutcome } from '../../../functions/core/ledger/ports';
import type { DecidePickupDeps } from '../../../functions/core/orders/decide-pickup';
import type { DeliveryDeps } from '../../../functions/core/orders/delivery';
import type { OrderRecord } from '../../../functions/core/orders/order';
import type { OrderRepository } from '../../../functions/core/orders/order-store';
import type { FeeDeps } from '../../../functions/core/orders/platform-fee';
import type { ReconcileDeps } from '../../../functions/core/orders/reconcile-orders';
import type { ShipOrderDeps } from '../../../functions/core/orders/ship-order';
import type { SettleEscrowsDeps } from '../../../functions/core/orders/settle-escrows';
import { orderDisputeStore } from '../../../functions/adapters/db/order-dispute-store';
import { orderDriftStore } from '../../../functions/adapters/db/order-drift-store';
import { orderEvents } from '../../../functions/adapters/order-events';

/** Where a killed worker stops: each is a step of ending an escrow (settlement.ts). */
export const KILL_POINTS = [
  /** The finish/cancel is prepared and signed (a sequence taken), not yet recorded. */
  'after_prepare',
  /** Recorded on the order, never submitted. */
  'after_record',
  /** Submitted to the ledger; the worker dies before it learns the outcome. */
  'after_submit',
  /** The ledger said tesSUCCESS; the worker dies before the order is marked completed / refunded. */
  'before_mark',
] as const;
export type KillPoint = (typeof KILL_POINTS)[number];

export interface WorkerFaults {
  /** down: every ledger call (and the platform account's autofill) throws; answer_lost: a submit reaches the node but its answer never comes back. */
  ledger?: 'down' | 'answer_lost';
  /**
   * down: the carrier's Track API is unreachable. lies: a deliberately wrong carrier port (the checker's own test,
   * `--canary`): every delivered parcel is reported delivered at its destination, never returned.
   */
  carrier?: 'down' | 'lies';
  /** The wallet service (Xaman) is unreachable. */
  signer?: 'down';
  /** The worker process dies at this step of ending one of these orders' escrows (any order: 'any'). */
  kill?: { at: KillPoint; orders: ReadonlySet<string> | 'any' };
  /**
   * This worker is one of `of` running the schedules side by side, each reading only its own part of every due list
   * and of the shipped orders (orders by a hash of their id), so together they go `of` times as fast as one.
   */
  shard?: { index: number; of: number };
  /** The due lists this worker reads hold only these orders (a faulty run that met them; others run the rest). */
  only?: ReadonlySet<string>;
}

export class Killed extends Error {
  constructor(readonly at: KillPoint | 'dead') {
    super(`sim: worker killed (${at})`);
  }
}

export class Unreachable extends Error {
  constructor(readonly what: 'ledger' | 'carrier' | 'xaman' | 'vault') {
    super(`sim: ${what} unreachable`);
  }
}

export interface SimLog {
  warn(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
  info(message: string, fields: Record<string, unknown>): void;
}

/** Counts the core's log lines by message; keeps errors for the report. */
export class CountingLog implements SimLog {
  readonly counts = new Map<string, number>();
  readonly errors: { message: string; fields: Record<string, unknown> }[] = [];
  private add(level: string, message: string) {
    const key = `${level}: ${message}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  warn(message: string) {
    this.add('warn', message);
  }
  info(message: string) {
    this.add('info', message);
  }
  error(message: string, fields: Record<string, unknown>) {
    this.add('error', message);
    this.errors.push({ message, fields });
  }
}

export type WorkerDeps = DeliveryDeps & ShipOrderDeps & DecidePickupDeps & ReconcileDeps & SettleEscrowsDeps;

export interface Worker {
  name: string;
  deps: WorkerDeps;
  fee: FeeDeps;
  /** Set once the worker was killed: everything it still tries throws. */
  dead: boolean;
  killedAt: KillPoint | null;
}

export interface WorkerContext {
  log: SimLog;
  /** The order whose escrow this is (buyer address + EscrowCreate sequence). */
  orderOfEscrow(owner: string, sequence: number): string | undefined;
  /** Every kill, for the report. */
  onKill?(worker: string, at: KillPoint, orderId: string | undefined): void;
  /** Every call an outage refused or an answer it lost, for the report. */
  onFault?(kind: 'ledger_down' | 'answer_lost' | 'carrier_down' | 'xaman_down' | 'vault_down'): void;
  /** What each finish or cancel submitted (and followed) by a worker came to, for the report. */
  onOutcome?(outcome: SubmitOutcome): void;
}

/**
 * The process's one fulfillment vault (the app's handlers, the stack's timers and the sim's workers all use it) made
 * unable to open the fulfillments of `lost` orders: a KMS key disabled, or sealed values damaged, for those orders.
 */
export function breakVault(lost: ReadonlySet<string>, onFault: () => void): void {
  const vault = fulfillmentVault();
  const open = vault.open.bind(vault);
  vault.open = async (sealed, orderId) => {
    if (!lost.has(orderId)) return open(sealed, orderId);
    onFault();
    throw new Unreachable('vault');
  };
}

/** A stable small hash of an order id (which shard reads it). */
export function shardOf(orderId: string, of: number): number {
  let h = 0;
  for (let i = 0; i < orderId.length; i++) h = (Math.imul(h, 31) + orderId.charCodeAt(i)) >>> 0;
  return h % of;
}

function escrowOf(tx: Record<string, unknown>): { owner: string; sequence: number } | null {
  if (tx.TransactionType !== 'EscrowFinish' && tx.TransactionType !== 'EscrowCancel') return null;
  return typeof tx.Owner === 'string' && typeof tx.OfferSequence === 'number'
    ? { owner: tx.Owner, sequence: tx.OfferSequence }
    : null;
}

/**
 * A worker (one "container"): its own PlatformAccount (its own sequence bookkeeping, as a fresh Lambda container
 * has), the production adapters for everything else, all behind the faults asked for.
 */
export async function newWorker(name: string, faults: WorkerFaults, ctx: WorkerContext): Promise<Worker> {
  const ledger = await loadLedger();
  const [delivery, seller, fee] = await Promise.all([deliveryDeps(ctx.log), shipOrderDeps(ctx.log), feeDeps(ctx.log)]);
  const worker: Worker = { name, deps: undefined as never, fee: undefined as never, dead: false, killedAt: null };

  const alive = () => {
    if (worker.dead) throw new Killed('dead');
  };
  /** Wraps every function of `target` so a dead worker does nothing more; `over` replaces some. */
  function guarded<T extends object>(target: T, over: Partial<T> = {}): T {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(target) as (keyof T & string)[]) {
      const fn = (over[key] ?? target[key]) as unknown;
      out[key] =
        typeof fn === 'function'
          ? async (...args: unknown[]) => {
              alive();
              return (fn as (...a: unknown[]) => unknown).apply(key in over ? over : target, args);
            }
          : fn;
    }
    return out as T;
  }
  const shouldKill = (at: KillPoint, orderId: string | undefined) =>
    faults.kill?.at === at &&
    (faults.kill.orders === 'any' || (orderId !== undefined && faults.kill.orders.has(orderId)));
  const kill = (at: KillPoint, orderId: string | undefined): never => {
    worker.dead = true;
    worker.killedAt = at;
    ctx.onKill?.(name, at, orderId);
    throw new Killed(at);
  };
  const orderOfTx = (tx: Record<string, unknown>) => {
    const e = escrowOf(tx);
    return e ? ctx.orderOfEscrow(e.owner, e.sequence) : undefined;
  };
  const down = () => {
    if (faults.ledger !== 'down') return;
    ctx.onFault?.('ledger_down');
    throw new Unreachable('ledger');
  };

  // The platform's account of this container, over the shared connection; its autofill reads the ledger too.
  const realPlatform = platformAccount(ledger.connection);
  const platform: PlatformAccount = {
    address: realPlatform.address,
    async prepare(tx) {
      alive();
      down();
      const prepared = await realPlatform.prepare(tx);
      const orderId = orderOfTx(tx);
      if (shouldKill('after_prepare', orderId)) kill('after_prepare', orderId);
      return prepared;
    },
  };

  const lostAnswer = async (blob: string): Promise<SubmitOutcome> => {
    // Submitted and then cut off: the node has it, this worker never hears what became of it.
    const outcome = await ledger.submitAndWait(blob, { timeoutMs: 0, pollMs: 1 });
    return { status: 'timeout', txid: outcome.txid, preliminaryCode: null };
  };
  const wrappedLedger = {
    async submitAndWait(blob: string, options?: { timeoutMs?: number; pollMs?: number }): Promise<SubmitOutcome> {
      alive();
      down();
      const orderId = orderOfTx(decode(blob) as Record<string, unknown>);
      if (shouldKill('after_submit', orderId)) {
        await lostAnswer(blob);
        kill('after_submit', orderId);
      }
      if (faults.ledger === 'answer_lost') {
        ctx.onFault?.('answer_lost');
        return lostAnswer(blob);
      }
      const outcome = await ledger.submitAndWait(blob, options);
      if (orderId !== undefined) ctx.onOutcome?.(outcome);
      return outcome;
    },
    async escrow(owner: string, sequence: number) {
      alive();
      down();
      return ledger.escrow(owner, sequence);
    },
    async escrowEnding(owner: string, sequence: number, fromLedger: number) {
      alive();
      down();
      return ledger.escrowEnding(owner, sequence, fromLedger);
    },
    async verifySignedBlob(blob: string, expected: Record<string, unknown>) {
      alive();
      down();
      return ledger.verifySignedBlob(blob, expected);
    },
  };

  const realOrders = delivery.orders;
  const orders: OrderRepository = guarded(realOrders, {
    async recordSettlement(orderId, status, previousTxid, settlement) {
      const ok = await realOrders.recordSettlement(orderId, status, previousTxid, settlement);
      if (ok && shouldKill('after_record', orderId)) kill('after_record', orderId);
      return ok;
    },
    async markCompleted(order: OrderRecord, ledgerIndex: number, at: string) {
      if (shouldKill('before_mark', order.orderId)) kill('before_mark', order.orderId);
      return realOrders.markCompleted(order, ledgerIndex, at);
    },
    async markRefunded(order: OrderRecord, ledgerIndex: number, at: string) {
      if (shouldKill('before_mark', order.orderId)) kill('before_mark', order.orderId);
      return realOrders.markRefunded(order, ledgerIndex, at);
    },
    async dueIn(status, before, limit) {
      const only = faults.only;
      if (only)
        return (await realOrders.dueIn(status, before, 1_000)).filter((o) => only.has(o.orderId)).slice(0, limit);
      const shard = faults.shard;
      if (!shard) return realOrders.dueIn(status, before, limit);
      const due = await realOrders.dueIn(status, before, limit * shard.of);
      return due.filter((o) => shardOf(o.orderId, shard.of) === shard.index).slice(0, limit);
    },
  });

  const realCarrier = delivery.carrier;
  const carrier: WorkerDeps['carrier'] = {
    async track(numbers) {
      alive();
      if (faults.carrier === 'down') {
        ctx.onFault?.('carrier_down');
        throw new Unreachable('carrier');
      }
      const results = await realCarrier.track(numbers);
      if (faults.carrier !== 'lies') return results;
      return results.map((r) =>
        r.found && r.status === 'delivered' ? { ...r, returnedToShipper: false, deliveredTo: r.destination } : r,
      );
    },
  };

  const realSigner = fee.signer;
  const signer: FeeDeps['signer'] = {
    async create(request) {
      alive();
      if (faults.signer === 'down') {
        ctx.onFault?.('xaman_down');
        throw new Unreachable('xaman');
      }
      return realSigner.create(request);
    },
    async get(uuid) {
      alive();
      if (faults.signer === 'down') {
        ctx.onFault?.('xaman_down');
        throw new Unreachable('xaman');
      }
      return realSigner.get(uuid);
    },
  };

  worker.deps = {
    ...delivery,
    shipments: guarded(seller.shipments),
    pickups: guarded(orderPickupStore(db())),
    orders,
    ledger: wrappedLedger as unknown as WorkerDeps['ledger'],
    platform,
    vault: guarded(delivery.vault),
    events: guarded(delivery.events),
    carrier,
    shipped: guarded({
      f: async (cursor: string | null, limit: number) => {
        const page = await delivery.shipped(cursor, limit);
        const shard = faults.shard;
        return shard
          ? { ...page, orders: page.orders.filter((o) => shardOf(o.orderId, shard.of) === shard.index) }
          : page;
      },
    }).f,
    byTracking: guarded({ f: delivery.byTracking }).f,
    markDelivered: guarded({ f: delivery.markDelivered }).f,
    protection: delivery.protection,
    disputes: guarded(orderDisputeStore(db())),
    disputeEvents: guarded(orderEvents),
    shipByEvents: guarded(orderEvents),
    drift: guarded(orderDriftStore(db())),
  };
  worker.fee = {
    ...fee,
    signer,
    ledger: wrappedLedger as unknown as FeeDeps['ledger'],
    orders: guarded(fee.orders),
    store: guarded(fee.store),
    queue: guarded(fee.queue),
  };
  return worker;
}
