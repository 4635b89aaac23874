import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EscrowMonitor } from '../../shared/api/admin-escrow';
import { call } from './auth-support';
import { buyerAndSeller } from './checkout-support';
import { fundedSale } from './order-support';
import { signUp, type Account } from './route-support';
import { makeAdmin, tableService } from './table-support';

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
const ids = (r: { body: EscrowMonitor }) => r.body.escrows.map((e) => e.orderId);

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
