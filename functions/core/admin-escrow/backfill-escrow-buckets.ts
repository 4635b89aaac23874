import type { EscrowBucket } from '../../../shared/domain/escrow-monitor';
import type { Clock } from '../clock/clock';
import type { OrderRecord } from '../orders/order';
import { bucketOf } from './escrow-rules';

/** How far the backfill has got through the table, as its cursor item keeps it. */
export interface BackfillProgress {
  /** The table's page to read next; null before the first page, and once done. */
  cursor: string | null;
  /** Orders given a bucket (and counted) so far. */
  changed: number;
  doneAt: string | null;
}

export interface EscrowBackfillStore {
  /** The backfill's progress; null before its first page. */
  progress(): Promise<BackfillProgress | null>;
  /** Funded orders with no bucket among the table's next page from `cursor`; `next` is null at the table's end. */
  page(cursor: string | null): Promise<{ orders: OrderRecord[]; next: string | null }>;
  /** Moves the progress on from the one read (null: none yet); false when another run moved it first. */
  advance(from: BackfillProgress | null, to: BackfillProgress): Promise<boolean>;
  /**
   * Gives an order its bucket and adds it to that bucket's counter in one transaction, conditional on the order as
   * read (no bucket yet, the same status and hold); false when it changed meanwhile.
   */
  addToBucket(order: OrderRecord, bucket: EscrowBucket): Promise<boolean>;
  get(orderId: string): Promise<OrderRecord | null>;
}

export interface BackfillEscrowBucketsDeps {
  store: EscrowBackfillStore;
  clock: Clock;
  /** Milliseconds left before the run's time limit. */
  timeLeft: () => number;
}

/** Pages of the table one run reads at most (each a bounded page; see the adapter). */
export const BACKFILL_PAGES_PER_RUN = 40;
/**
 * No page is started with less time left than this: a page of orders that all need their transaction takes a few
 * seconds, and a run cut off by its limit counts as failed (it would only read that page again).
 */
export const BACKFILL_PAGE_TIME_MS = 20_000;
/** Tries for an order that keeps changing under the backfill before the page is left for the next run. */
const TRIES = 3;

export interface BackfillRun {
  pages: number;
  added: number;
  done: boolean;
}

/**
 * Gives one order read without a bucket its bucket and counts it; true once it has one, whoever gave it (the order's
 * own status change gives one, counted, as well). Re-read and tried again when it changed in between.
 */
async function backfillOne(read: OrderRecord, deps: BackfillEscrowBucketsDeps): Promise<'added' | 'had' | 'busy'> {
  let o: OrderRecord | null = read;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    if (!o || o.escrowBucket || !o.fundedAt) return 'had';
    if (await deps.store.addToBucket(o, bucketOf(o)!)) return 'added';
    o = await deps.store.get(read.orderId);
  }
  return 'busy';
}

/**
 * The escrow monitor's backfill (decision 065): orders funded before the monitor existed carry no bucket, so they are
 * neither listed nor counted. Each run reads a bounded number of the table's pages from where the last run stopped
 * (none too close to its time limit), gives each such order its bucket and counts it, one conditional transaction per
 * order (twice, or beside the order's own status change, it is counted once), and keeps its place in a cursor item. At the table's end it records that
 * it is done; from then on a run reads that one item and stops. A page with an order that kept changing is read again
 * by the next run (its orders already done are no longer in it).
 */
export async function backfillEscrowBuckets(deps: BackfillEscrowBucketsDeps): Promise<BackfillRun> {
  let progress = await deps.store.progress();
  const run: BackfillRun = { pages: 0, added: 0, done: Boolean(progress?.doneAt) };
  while (!run.done && run.pages < BACKFILL_PAGES_PER_RUN && deps.timeLeft() > BACKFILL_PAGE_TIME_MS) {
    const { orders, next } = await deps.store.page(progress?.cursor ?? null);
    run.pages++;
    let added = 0;
    let busy = false;
    for (const order of orders) {
      const outcome = await backfillOne(order, deps);
      if (outcome === 'added') added++;
      busy ||= outcome === 'busy';
    }
    run.added += added;
    if (busy) break;
    const to: BackfillProgress = {
      cursor: next,
      changed: (progress?.changed ?? 0) + added,
      doneAt: next ? null : deps.clock.now().toISOString(),
    };
    // Another run moved it first: it is reading on from there.
    if (!(await deps.store.advance(progress, to))) break;
    progress = to;
    run.done = next === null;
  }
  return run;
}
