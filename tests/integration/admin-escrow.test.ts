import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EscrowMonitor } from '../../shared/api/admin-escrow';
import { call } from './auth-support';
import { buyerAndSeller } from './checkout-support';
import { fundedSale } from './order-support';
import { signUp, type Account } from './route-support';
import { makeAdmin, tableService } from './table-support';
import { orderStore } from '../../functions/adapters/db/order-store';

/** The admin escrow monitor through the local gateway (decision 065). */

const FROM = '127.0.9.65';
let buyer: Account;
let seller: Account;
let admin: Account;

const monitor = (a: Account, query = '') =>
  call<EscrowMonitor & { error?: { code: string } }>('GET', `/api/admin/escrows${query}`, {
    token: a.token,
    from: a.from,
  });
const retry = (a: Account, orderId: string) =>
  call<{ orderId: string; status: string; stuck: boolean }>('POST', `/api/admin/escrows/${orderId}/settlement`, {
    token: a.token,
    from: a.from,
    body: {},
    headers: { 'idempotency-key': randomUUID() },
  });
/** A validated finish as the settlement records it (its hash set per use). */
const DONE = { kind: 'finish' as const, blob: '', sequence: 1, lastLedgerSequence: 2, ledgerIndex: null };
const ids = (r: { body: EscrowMonitor }) => r.body.escrows.map((e) => e.orderId);
const runJob = async <T>(name: string) => {
  const r = await call<{ result: T }>('POST', `/_local/schedules/${name}`, { body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
};

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'esc'));
  admin = await signUp(FROM, 'escadm');
  await makeAdmin(admin.userId);
}, 120_000);

describe('the escrow monitor', () => {
  it('lists, counts, filters and searches escrows; a stuck one settles again once; others are refused', async () => {
    const order = await fundedSale(seller, buyer, 'ship');

    // Others: the gateway's 403 on both routes.
    expect((await monitor(buyer)).status).toBe(403);
    expect((await retry(seller, order.id)).status).toBe(403);

    const all = await monitor(admin);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.escrows.length).toBeLessThanOrEqual(50);
    expect(all.body.counts.pending).toBeGreaterThanOrEqual(1);
    const fundings = all.body.escrows.map((e) => e.fundedAt!);
    expect(fundings).toEqual([...fundings].sort().reverse());
    // Counters, a few keyed pages and the (sparse) held and stuck reads: never the whole table.
    expect(all.body.itemsRead).toBeLessThanOrEqual(4 * 50 + 50 + 10 + all.body.counts.held + all.body.counts.stuck);

    const mine = await monitor(admin, `?q=${buyer.username}`);
    expect(ids(mine)).toEqual([order.id]);
    const row = mine.body.escrows[0]!;
    expect(row).toMatchObject({ bucket: 'pending', stuck: false, seller: { username: seller.username } });
    expect(row.transactions[0]).toMatchObject({ kind: 'EscrowCreate' });
    expect(row.transactions[0]!.explorerUrl).toMatch(/^https?:\/\/.+\/transactions\/[0-9A-F]{64}$/);
    expect(row.timeline.map((s) => s.label)).toEqual(['Order placed', 'Escrow funded']);
    expect(ids(await monitor(admin, `?q=${seller.username.toUpperCase()}&status=pending`))).toEqual([order.id]);
    expect(ids(await monitor(admin, `?q=${order.id}`))).toEqual([order.id]);
    expect(ids(await monitor(admin, `?q=${buyer.username}&status=completed`))).toEqual([]);
    expect((await monitor(admin, '?status=lost')).status).toBe(400);

    // Not stuck: nothing runs.
    expect((await retry(admin, order.id)).body).toEqual({ orderId: order.id, status: 'funded', stuck: false });

    // Its deadline long past (as if the schedule had stopped): stuck, and Retry Settlement refunds it once.
    const past = new Date(Date.now() - 3_600_000).toISOString();
    await tableService()
      .entities.order.patch({ orderId: order.id })
      .set({ deadline: past })
      .composite({ status: 'funded' })
      .go();
    const stuck = await monitor(admin, '?status=stuck');
    expect(ids(stuck)).toContain(order.id);
    expect(stuck.body.counts.stuck).toBeGreaterThanOrEqual(1);
    const first = await retry(admin, order.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ orderId: order.id, status: 'refunding', stuck: false });
    expect((await retry(admin, order.id)).body).toEqual(first.body);
    expect(ids(await monitor(admin, '?status=stuck'))).not.toContain(order.id);
  }, 60_000);
});

describe('the escrow monitor’s drift marks and backfill (decision 065)', () => {
  it('counts an order funded before the monitor once (backfill run twice, its ending read before); drift shows stuck', async () => {
    const { entities } = tableService();
    const order = await fundedSale(seller, buyer, 'ship');
    const count = async (bucket: 'pending' | 'completed') =>
      (await entities.escrowCount.get({ bucket }).go()).data?.count ?? 0;
    const pending = () => count('pending');

    // As before the monitor: no bucket, never counted, and a backfill that has not run on this table yet.
    await entities.order.patch({ orderId: order.id }).remove(['escrowBucket']).go();
    await entities.escrowCount.update({ bucket: 'pending' }).subtract({ count: 1 }).go();
    await entities.jobCursor.delete({ job: 'backfill-escrow-buckets' }).go();
    const stale = (await orderStore(tableService()).get(order.id))!;
    const before = await pending();
    type Run = { pages: number; added: number; done: boolean };
    let runs = 0;
    while (!(await runJob<Run>('backfill-escrow-buckets')).done) expect(++runs).toBeLessThan(20);
    expect(await runJob<Run>('backfill-escrow-buckets')).toEqual({ pages: 0, added: 0, done: true });
    expect(await pending()).toBe(before + 1);
    expect((await entities.order.get({ orderId: order.id }).go()).data?.escrowBucket).toBe('pending');
    expect(ids(await monitor(admin, `?status=pending&q=${order.id}`))).toEqual([order.id]);

    // Its escrow not where the order says (a sequence nobody used): reconcile marks it, once, as stuck.
    const created = (await entities.order.get({ orderId: order.id }).go()).data!.escrowCreate as { sequence: number };
    const move = (sequence: number) =>
      entities.order
        .patch({ orderId: order.id })
        .set({ escrowCreate: { ...created, sequence } })
        .go();
    await move(created.sequence + 1_000_000);
    type Reconciled = { marked: number; cleared: number };
    expect((await runJob<Reconciled>('reconcile-orders')).marked).toBeGreaterThanOrEqual(1);
    const first = (await monitor(admin, `?q=${order.id}`)).body.escrows[0]!;
    expect(first).toMatchObject({
      stuck: true,
      retryable: false,
      drift: { found: 'The escrow is gone from the ledger with no known finish or cancel' },
    });
    await runJob<Reconciled>('reconcile-orders');
    const stuck = await monitor(admin, '?status=stuck');
    expect(stuck.body.escrows.filter((e) => e.orderId === order.id)).toEqual([first]);
    expect((await retry(admin, order.id)).body).toEqual({ orderId: order.id, status: 'funded', stuck: true });

    // Found where it should be again: the mark is cleared.
    await move(created.sequence);
    expect((await runJob<Reconciled>('reconcile-orders')).cleared).toBeGreaterThanOrEqual(1);
    expect(ids(await monitor(admin, '?status=stuck'))).not.toContain(order.id);

    // Drifted again, then ended from the read taken before the backfill counted it: counted once, the mark gone.
    await move(created.sequence + 1_000_000);
    expect((await runJob<Reconciled>('reconcile-orders')).marked).toBeGreaterThanOrEqual(1);
    const [open, done] = [await pending(), await count('completed')];
    const settlement = { ...DONE, txid: 'F'.repeat(64), submittedAt: new Date().toISOString() };
    expect(await orderStore(tableService()).markCompleted({ ...stale, settlement }, 9, settlement.submittedAt)).toBe(
      true,
    );
    expect([await pending(), await count('completed')]).toEqual([open - 1, done + 1]);
    const ended = (await entities.order.get({ orderId: order.id }).go()).data!;
    expect([ended.escrowBucket, ended.drift, ended.driftAt]).toEqual(['completed', undefined, undefined]);
    const stillIndexed = await entities.order.query.byDrift({ drift: 'escrow_gone' }).go({ pages: 'all' });
    expect(stillIndexed.data.map((o) => o.orderId)).not.toContain(order.id);
    expect(ids(await monitor(admin, '?status=stuck'))).not.toContain(order.id);
  }, 60_000);
});
