import { describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../../../functions/core/admin/audit';
import {
  bucketOf,
  isRetryable,
  isStuck,
  ledgerTransactionsOf,
  STUCK_GRACE_MS,
  timelineOf,
} from '../../../../functions/core/admin-escrow/escrow-rules';
import { listEscrows } from '../../../../functions/core/admin-escrow/list-escrows';
import type { BucketCounts, EscrowMonitorReader, MonitoredOrder } from '../../../../functions/core/admin-escrow/ports';
import { retrySettlement } from '../../../../functions/core/admin-escrow/retry-settlement';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { NotFoundError } from '../../../../functions/lib/errors';
import { aFundedOrder, NOW } from '../orders/order-fakes';

const MIN = 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const clock = { now: () => NOW };

/** A funded order whose funding is `ageMs` before NOW and whose deadline is `deadlineMs` from NOW. */
function escrow(id: string, over: Partial<OrderRecord> = {}, deadlineMs = 7 * 24 * 60 * MIN, ageMs = 0) {
  const order = aFundedOrder({
    orderId: id,
    buyerUsername: 'bea',
    sellerUsername: 'sal',
    fundedAt: at(-ageMs),
    escrowBucket: 'pending',
    ...over,
  });
  return { order, deadline: at(deadlineMs) } satisfies MonitoredOrder;
}

/** The monitor's reads over a list, each answering how many items it read as the table's would. */
function memoryMonitor(rows: MonitoredOrder[], counters: Omit<BucketCounts, 'held'>): EscrowMonitorReader {
  const bucket = (m: MonitoredOrder) => m.order.escrowBucket;
  const byFunding = (a: MonitoredOrder, b: MonitoredOrder) => b.order.fundedAt!.localeCompare(a.order.fundedAt!);
  const read = <T extends unknown[]>(value: T) => ({ value, itemsRead: value.length });
  return {
    async counts() {
      const held = rows.filter((m) => bucket(m) === 'held').length;
      return { value: { ...counters, held }, itemsRead: 3 + held };
    },
    latest: async (b, limit) =>
      read(
        rows
          .filter((m) => bucket(m) === b)
          .sort(byFunding)
          .slice(0, limit),
      ),
    due: async (status, before, limit) =>
      read(rows.filter((m) => m.order.status === status && m.deadline < before).slice(0, limit)),
    drifted: async (limit) => read(rows.filter((m) => m.order.drift).slice(0, limit)),
    async get(id) {
      const found = rows.find((m) => m.order.orderId === id) ?? null;
      return { value: found, itemsRead: found ? 1 : 0 };
    },
    ofUsername: async (name, limit) =>
      read(
        rows
          .filter((m) => [m.order.buyerUsername, m.order.sellerUsername].includes(name.toLowerCase()))
          .slice(0, limit),
      ),
  };
}

const monitorDeps = (rows: MonitoredOrder[], counters = { pending: 0, completed: 0, cancelled: 0 }) => ({
  monitor: memoryMonitor(rows, counters),
  clock,
  transactionUrl: (hash: string) => `https://explorer.test/transactions/${hash}`,
});

describe('stuck escrows', () => {
  it('is stuck once the schedule should have moved it on, past the grace', () => {
    expect(isStuck(escrow('A', {}, -STUCK_GRACE_MS - MIN), NOW)).toBe(true);
    expect(isStuck(escrow('A', {}, -STUCK_GRACE_MS + MIN), NOW)).toBe(false);
    expect(isStuck(escrow('A', { status: 'refunding' }, -STUCK_GRACE_MS - MIN), NOW)).toBe(true);
    expect(isStuck(escrow('A', { status: 'delivered' }, -STUCK_GRACE_MS - MIN), NOW)).toBe(true);
  });

  it('is stuck when a release under way has waited longer than the grace, whatever its deadline', () => {
    const releasing = { status: 'releasing' as const, updatedAt: at(-STUCK_GRACE_MS - MIN) };
    expect(isStuck(escrow('A', releasing, 60 * MIN), NOW)).toBe(true);
    expect(isStuck(escrow('A', { ...releasing, updatedAt: at(-MIN) }, -60 * MIN), NOW)).toBe(false);
  });

  it('is never stuck once ended', () => {
    expect(isStuck(escrow('A', { status: 'completed' }, -60 * MIN), NOW)).toBe(false);
    expect(isStuck(escrow('A', { status: 'refunded' }, -60 * MIN), NOW)).toBe(false);
  });
});

describe('drifted escrows (decision 065)', () => {
  const gone = { kind: 'escrow_gone' as const, at: at(-MIN) };
  const settlement = {
    kind: 'cancel' as const,
    txid: 'CANCEL',
    blob: 'B',
    sequence: 1,
    lastLedgerSequence: 2,
    submittedAt: at(-2 * MIN),
    ledgerIndex: null,
  };

  it('is stuck while drift is marked, whatever its deadline', () => {
    expect(isStuck(escrow('A', { drift: gone }), NOW)).toBe(true);
    expect(isStuck(escrow('A', { drift: { kind: 'escrow_create_missing', at: at(-MIN) } }), NOW)).toBe(true);
  });

  it('offers the settlement again only where resubmitting our own recorded finish or cancel can end it', () => {
    // Late, no drift: the schedule's own step.
    expect(isRetryable(escrow('A', {}, -2 * STUCK_GRACE_MS), NOW)).toBe(true);
    expect(isRetryable(escrow('A'), NOW)).toBe(false);
    // Gone while our cancel was under way: resubmitting it gets the ledger's first answer.
    expect(isRetryable(escrow('A', { status: 'refunding', settlement, drift: gone }), NOW)).toBe(true);
    // Gone with nothing of ours recorded, or never recorded at all: a person looks, even past the deadline.
    expect(isRetryable(escrow('A', { drift: gone }, -2 * STUCK_GRACE_MS), NOW)).toBe(false);
    expect(isRetryable(escrow('A', { status: 'releasing', settlement: null, drift: gone }), NOW)).toBe(false);
    const missing = { kind: 'escrow_create_missing' as const, at: at(-MIN) };
    expect(isRetryable(escrow('A', { status: 'refunding', settlement, drift: missing }), NOW)).toBe(false);
  });

  it('counts a drifted order as stuck once, even when it is also past its deadline, and lists it with the drift', async () => {
    const rows = [escrow('A', { drift: gone }, -2 * STUCK_GRACE_MS), escrow('B', { drift: gone }), escrow('C')];
    const r = await listEscrows({ status: 'stuck' }, monitorDeps(rows, { pending: 3, completed: 0, cancelled: 0 }));
    expect(r.counts.stuck).toBe(2);
    expect(r.escrows.map((e) => [e.orderId, e.stuck, e.retryable])).toEqual([
      ['B', true, false],
      ['A', true, false],
    ]);
    expect(r.escrows[0]!.drift).toEqual({
      found: 'The escrow is gone from the ledger with no known finish or cancel',
      at: gone.at,
    });
    expect((await listEscrows({ q: 'C' }, monitorDeps(rows))).escrows[0]!.drift).toBeNull();
  });

  it('does not run the settlement of a drifted escrow it cannot end, and records nothing', async () => {
    const settleOrder = vi.fn();
    const entries: AuditRecord[] = [];
    const deps = {
      monitor: memoryMonitor([escrow('A', { drift: gone }, -2 * STUCK_GRACE_MS)], {
        pending: 1,
        completed: 0,
        cancelled: 0,
      }),
      settleOrder,
      audit: { record: async (e: AuditRecord) => void entries.push(e) },
      clock,
    };
    expect(await retrySettlement('A', 'ADMIN', deps)).toEqual({ orderId: 'A', status: 'funded', stuck: true });
    expect(settleOrder).not.toHaveBeenCalled();
    expect(entries).toEqual([]);
  });
});

describe('buckets, timeline and transactions', () => {
  it('places an order funded before the monitor existed by its status', () => {
    const legacy = (over: Partial<OrderRecord>) => bucketOf({ ...escrow('A').order, escrowBucket: undefined, ...over });
    expect(legacy({ status: 'completed' })).toBe('completed');
    expect(legacy({ status: 'refunded' })).toBe('cancelled');
    expect(legacy({ releaseHold: 'dispute' })).toBe('held');
    expect(legacy({})).toBe('pending');
    expect(legacy({ fundedAt: null, escrowCreate: null })).toBeNull();
  });

  it('lists the dated steps oldest first and the ledger transactions with their kinds', () => {
    const o = escrow('A', {
      createdAt: at(-60 * MIN),
      fundedAt: at(-50 * MIN),
      status: 'completed',
      completedAt: at(-MIN),
      settlement: {
        kind: 'finish',
        txid: 'FINISH',
        blob: '',
        sequence: 1,
        lastLedgerSequence: 2,
        submittedAt: at(-2 * MIN),
        ledgerIndex: 3,
      },
    }).order;
    expect(timelineOf(o).map((s) => s.label)).toEqual([
      'Order placed',
      'Escrow funded',
      'Release submitted',
      'Released to the seller',
    ]);
    expect(ledgerTransactionsOf(o).map((t) => t.kind)).toEqual(['EscrowCreate', 'Payment', 'EscrowFinish']);
  });
});

describe('listEscrows', () => {
  it('counts from the counters (held shown apart from pending) and the stuck ones read', async () => {
    const rows = [
      escrow('A', {}, -2 * STUCK_GRACE_MS),
      escrow('B', { escrowBucket: 'held', releaseHold: 'dispute' }),
      escrow('C'),
    ];
    const r = await listEscrows({}, monitorDeps(rows, { pending: 3, completed: 7, cancelled: 2 }));
    expect(r.counts).toEqual({ pending: 2, held: 1, completed: 7, cancelled: 2, stuck: 1 });
    expect(r.itemsRead).toBeGreaterThan(0);
    expect(r.itemsRead).toBeLessThanOrEqual(3 + 1 + 1 + rows.length);
  });

  it('shows the latest 50 newest first across buckets, with explorer links', async () => {
    const rows = Array.from({ length: 60 }, (_, i) =>
      escrow(
        `O${String(i).padStart(2, '0')}`,
        i % 2 ? { escrowBucket: 'completed', status: 'completed' } : {},
        1e9,
        i * MIN,
      ),
    );
    const r = await listEscrows({}, monitorDeps(rows));
    expect(r.escrows).toHaveLength(50);
    expect(r.escrows[0]!.orderId).toBe('O00');
    expect(r.escrows.map((e) => e.fundedAt)).toEqual([...r.escrows.map((e) => e.fundedAt!)].sort().reverse());
    expect(r.escrows[0]!.transactions[0]).toEqual({
      kind: 'EscrowCreate',
      txid: 'CREATE',
      explorerUrl: 'https://explorer.test/transactions/CREATE',
    });
  });

  it('filters by bucket or stuck, and searches by order id or username', async () => {
    const rows = [
      escrow('A', {}, -2 * STUCK_GRACE_MS),
      escrow('B', { escrowBucket: 'cancelled', status: 'refunded', buyerUsername: 'zed' }),
      escrow('C', { sellerUsername: 'zed' }),
    ];
    const ids = async (q: Parameters<typeof listEscrows>[0]) =>
      (await listEscrows(q, monitorDeps(rows))).escrows.map((e) => e.orderId).sort();
    expect(await ids({ status: 'stuck' })).toEqual(['A']);
    expect(await ids({ status: 'cancelled' })).toEqual(['B']);
    expect(await ids({ q: 'A' })).toEqual(['A']);
    expect(await ids({ q: 'ZED' })).toEqual(['B', 'C']);
    expect(await ids({ q: 'zed', status: 'pending' })).toEqual(['C']);
    expect(await ids({ q: 'nobody' })).toEqual([]);
  });
});

describe('retrySettlement', () => {
  const audited = () => {
    const entries: AuditRecord[] = [];
    return { entries, audit: { record: async (e: AuditRecord) => void entries.push(e) } };
  };

  it('runs a stuck escrow’s settlement and records it once', async () => {
    const rows = [escrow('A', {}, -2 * STUCK_GRACE_MS)];
    const { entries, audit } = audited();
    const settleOrder = vi.fn(async () => {
      rows[0] = { ...rows[0]!, order: { ...rows[0]!.order, status: 'refunding' }, deadline: at(60 * MIN) };
    });
    const deps = {
      monitor: memoryMonitor(rows, { pending: 1, completed: 0, cancelled: 0 }),
      settleOrder,
      audit,
      clock,
    };
    expect(await retrySettlement('A', 'ADMIN', deps)).toEqual({ orderId: 'A', status: 'refunding', stuck: false });
    expect(entries).toEqual([
      {
        actorId: 'ADMIN',
        action: 'escrow.retry_settlement',
        subject: 'A',
        before: { status: 'funded' },
        after: { status: 'refunding' },
      },
    ]);
    // Again: no longer stuck, nothing runs and nothing more is recorded.
    expect(await retrySettlement('A', 'ADMIN', deps)).toEqual({ orderId: 'A', status: 'refunding', stuck: false });
    expect(settleOrder).toHaveBeenCalledTimes(1);
    expect(entries).toHaveLength(1);
  });

  it('leaves an escrow that is not stuck alone, and answers 404 for an unknown order', async () => {
    const { entries, audit } = audited();
    const settleOrder = vi.fn();
    const deps = {
      monitor: memoryMonitor([escrow('A')], { pending: 1, completed: 0, cancelled: 0 }),
      settleOrder,
      audit,
      clock,
    };
    expect((await retrySettlement('A', 'ADMIN', deps)).stuck).toBe(false);
    await expect(retrySettlement('Z', 'ADMIN', deps)).rejects.toBeInstanceOf(NotFoundError);
    expect(settleOrder).not.toHaveBeenCalled();
    expect(entries).toEqual([]);
  });
});
