import { describe, expect, it } from 'vitest';
import type { EscrowBucket } from '../../../../shared/domain/escrow-monitor';
import {
  BACKFILL_PAGE_TIME_MS,
  BACKFILL_PAGES_PER_RUN,
  backfillEscrowBuckets,
  type BackfillProgress,
  type EscrowBackfillStore,
} from '../../../../functions/core/admin-escrow/backfill-escrow-buckets';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { aFundedOrder, NOW } from '../orders/order-fakes';

const counted = (b: EscrowBucket) => (b === 'held' ? 'pending' : b);

/**
 * The table as the backfill's adapter sees it (adapters/db/escrow-backfill-store.ts): a scan's pages of `perPage`
 * items in key order, the cursor item written conditionally on the cursor read, and each order's bucket and counter
 * written together, conditional on the order as read. `meanwhile` runs just before an order's write (another writer).
 */
function memoryTable(orders: OrderRecord[], perPage: number) {
  const rows = new Map(orders.map((o) => [o.orderId, structuredClone(o)]));
  const counters = { pending: 0, completed: 0, cancelled: 0 };
  let progress: BackfillProgress | null = null;
  const reads = { pages: 0, progress: 0 };
  const hooks: { meanwhile?: (orderId: string) => void } = {};
  const store: EscrowBackfillStore = {
    async progress() {
      reads.progress++;
      return progress && { ...progress };
    },
    async page(cursor) {
      reads.pages++;
      const keys = [...rows.keys()].sort();
      const start = cursor === null ? 0 : keys.indexOf(cursor) + 1;
      const slice = keys.slice(start, start + perPage);
      const next = start + perPage < keys.length ? slice.at(-1)! : null;
      const found = slice.map((k) => rows.get(k)!).filter((o) => o.fundedAt && !o.escrowBucket);
      return { orders: structuredClone(found), next };
    },
    async advance(from, to) {
      if ((progress?.cursor ?? null) !== (from?.cursor ?? null) || Boolean(progress) !== Boolean(from)) return false;
      if (progress?.doneAt) return false;
      progress = { ...to };
      return true;
    },
    async addToBucket(o, bucket) {
      hooks.meanwhile?.(o.orderId);
      const now = rows.get(o.orderId)!;
      if (now.escrowBucket || now.status !== o.status || now.releaseHold !== o.releaseHold) return false;
      now.escrowBucket = bucket;
      counters[counted(bucket)]++;
      return true;
    },
    get: async (orderId) => structuredClone(rows.get(orderId) ?? null),
  };
  /** An order's own status change to completed, from a read without a bucket: it gives the bucket and counts it. */
  const complete = (orderId: string) => {
    const o = rows.get(orderId)!;
    if (o.escrowBucket) counters[counted(o.escrowBucket)]--;
    counters.completed++;
    Object.assign(o, { status: 'completed', escrowBucket: 'completed' });
  };
  return { rows, counters, store, reads, hooks, complete, progress: () => progress };
}

const deps = (t: ReturnType<typeof memoryTable>, timeLeft = () => 60_000) => ({
  store: t.store,
  clock: { now: () => NOW },
  timeLeft,
});

/** Orders funded before decision 065 (no bucket) in each state, one already counted, and one never funded. */
function legacy(): OrderRecord[] {
  const old = (orderId: string, over: Partial<OrderRecord> = {}) =>
    aFundedOrder({ orderId, escrowBucket: undefined, ...over });
  return [
    old('A1'),
    old('A2', { status: 'shipped' }),
    old('A3', { releaseHold: 'dispute' }),
    old('A4', { status: 'completed' }),
    old('A5', { status: 'refunded' }),
    aFundedOrder({ orderId: 'A6', escrowBucket: 'pending' }),
    aFundedOrder({ orderId: 'A7', status: 'awaiting_signature', fundedAt: null, escrowCreate: null }),
  ];
}

describe('the escrow monitor backfill (decision 065)', () => {
  it('gives each uncounted funded order its bucket and counts it once; run again, it counts nothing more', async () => {
    const t = memoryTable(legacy(), 2);
    expect(await backfillEscrowBuckets(deps(t))).toEqual({ pages: 4, added: 5, done: true });
    expect(t.counters).toEqual({ pending: 3, completed: 1, cancelled: 1 });
    expect([...t.rows.values()].map((o) => o.escrowBucket ?? null)).toEqual([
      'pending',
      'pending',
      'held',
      'completed',
      'cancelled',
      'pending',
      null,
    ]);
    expect(t.progress()).toMatchObject({ cursor: null, changed: 5, doneAt: NOW.toISOString() });

    // Done: a run reads its cursor item and nothing else.
    expect(await backfillEscrowBuckets(deps(t))).toEqual({ pages: 0, added: 0, done: true });
    expect(t.reads).toEqual({ pages: 4, progress: 2 });
    expect(t.counters).toEqual({ pending: 3, completed: 1, cancelled: 1 });
  });

  it('reads a bounded number of pages a run and goes on from its cursor', async () => {
    const pages = BACKFILL_PAGES_PER_RUN;
    const many = Array.from({ length: 2 * pages + 5 }, (_, i) =>
      aFundedOrder({ orderId: `O${String(i).padStart(3, '0')}`, escrowBucket: undefined }),
    );
    const t = memoryTable(many, 1);
    expect(await backfillEscrowBuckets(deps(t))).toEqual({ pages, added: pages, done: false });
    expect(await backfillEscrowBuckets(deps(t))).toEqual({ pages, added: pages, done: false });
    expect(await backfillEscrowBuckets(deps(t))).toEqual({ pages: 5, added: 5, done: true });
    expect(t.counters.pending).toBe(2 * pages + 5);
  });

  it('starts no page too close to its time limit, and goes on from there next run', async () => {
    const t = memoryTable(legacy(), 2);
    let left = BACKFILL_PAGE_TIME_MS + 2_000;
    const run = await backfillEscrowBuckets(deps(t, () => (left -= 1_000)));
    expect(run).toEqual({ pages: 1, added: 2, done: false });
    expect(await backfillEscrowBuckets(deps(t))).toEqual({ pages: 3, added: 3, done: true });
  });

  it('counts an order once when its own status change gives it a bucket first', async () => {
    const t = memoryTable(legacy(), 10);
    t.hooks.meanwhile = (id) => {
      if (id === 'A1' && t.rows.get(id)!.status === 'funded') t.complete(id);
    };
    expect(await backfillEscrowBuckets(deps(t))).toMatchObject({ added: 4, done: true });
    expect(t.rows.get('A1')!.escrowBucket).toBe('completed');
    expect(t.counters).toEqual({ pending: 2, completed: 2, cancelled: 1 });
  });

  it('reads an order again when it changed without a bucket meanwhile (a release began, a dispute opened)', async () => {
    const t = memoryTable(legacy(), 10);
    t.hooks.meanwhile = (id) => {
      const o = t.rows.get(id)!;
      if (id === 'A1' && o.status === 'funded') o.status = 'releasing';
      if (id === 'A2' && !o.releaseHold) o.releaseHold = 'return';
    };
    expect(await backfillEscrowBuckets(deps(t))).toMatchObject({ added: 5, done: true });
    expect([t.rows.get('A1')!.escrowBucket, t.rows.get('A2')!.escrowBucket]).toEqual(['pending', 'held']);
    expect(t.counters).toEqual({ pending: 3, completed: 1, cancelled: 1 });
  });

  it('leaves a page whose order keeps changing to the next run, without moving its cursor', async () => {
    const t = memoryTable(legacy(), 10);
    let changes = 0;
    t.hooks.meanwhile = (id) => {
      const o = t.rows.get(id)!;
      if (id === 'A1' && changes++ < 3) o.status = o.status === 'funded' ? 'shipped' : 'funded';
    };
    expect(await backfillEscrowBuckets(deps(t))).toEqual({ pages: 1, added: 4, done: false });
    expect(t.progress()).toBeNull();
    expect(await backfillEscrowBuckets(deps(t))).toEqual({ pages: 1, added: 1, done: true });
    expect(t.counters).toEqual({ pending: 3, completed: 1, cancelled: 1 });
  });

  it('two runs at once count every order once', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      aFundedOrder({ orderId: `O${String(i).padStart(2, '0')}`, escrowBucket: undefined, status: 'shipped' }),
    );
    const t = memoryTable(many, 3);
    await Promise.all([backfillEscrowBuckets(deps(t)), backfillEscrowBuckets(deps(t))]);
    while (!(await backfillEscrowBuckets(deps(t))).done);
    expect(t.counters.pending).toBe(30);
  });
});
