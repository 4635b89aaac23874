import { describe, expect, it } from 'vitest';
import { SETTLE_CONCURRENCY, settleEscrows } from '../../../../functions/core/orders/settle-escrows';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { aFundedOrder, afterCancel, aShippedOrder, CANCEL_AFTER, NOW, world } from './order-fakes';

const NEXT_WEEK = '2026-12-08T10:00:00.000Z';
/** An order whose escrow's CancelAfter is `cancelAfter` (CANCEL_AFTER unless given). */
const due = (orderId: string, over: Partial<OrderRecord> = {}, cancelAfter = CANCEL_AFTER) => {
  const base = aFundedOrder();
  return aFundedOrder({ orderId, escrow: { ...base.escrow, cancelAfter }, ...over });
};

describe('the settlement schedule', () => {
  it('returns every escrow still open at its CancelAfter to the buyer, and leaves the others', async () => {
    const w = world([due('F1'), due('S1', { status: 'shipped' }), due('LATER', {}, NEXT_WEEK)], {
      now: afterCancel(60_000),
    });

    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 0,
      disputesExpired: 0,
      expired: 2,
      settled: 2,
      pending: 0,
    });

    for (const id of ['F1', 'S1']) {
      expect(w.order(id)).toMatchObject({
        status: 'refunded',
        refundReason: 'expired',
        escrow: { sealedFulfillment: '' },
        settlement: { kind: 'cancel' },
      });
    }
    expect(w.order('LATER')).toMatchObject({ status: 'funded', escrow: { sealedFulfillment: 'aes.x' } });
    expect(w.platform.prepare.mock.calls.map(([tx]) => tx.TransactionType)).toEqual(['EscrowCancel', 'EscrowCancel']);
    expect(w.announced().sort()).toEqual(['F1 refunded', 'S1 refunded']);
  });

  it("releases a delivered order's escrow once its inspection period has ended, not before", async () => {
    const delivered = (orderId: string, releaseDueAt: string) =>
      aShippedOrder(orderId, `T${orderId}`, { status: 'delivered', releaseDueAt });
    const w = world([
      delivered('D1', new Date(NOW.getTime() - 1).toISOString()),
      delivered('D2', new Date(NOW.getTime() + 1).toISOString()),
    ]);

    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 1,
      disputesExpired: 0,
      expired: 0,
      settled: 1,
      pending: 0,
    });
    expect(w.order('D1')).toMatchObject({
      status: 'completed',
      releaseReason: 'delivered',
      settlement: { kind: 'finish' },
    });
    expect(w.order('D2').status).toBe('delivered');

    // A second run finds nothing more to do; the next one after D2's inspection period releases it.
    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 0,
      disputesExpired: 0,
      expired: 0,
      settled: 0,
      pending: 0,
    });
    w.clock.at = new Date(NOW.getTime() + 1_000);
    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 1,
      disputesExpired: 0,
      expired: 0,
      settled: 1,
      pending: 0,
    });
    expect(w.announced()).toEqual(['D1 completed', 'D2 completed']);
  });

  it('begins the refund at CancelAfter and submits the cancel only once the margin has passed', async () => {
    const w = world([due('F1')], { now: afterCancel(1_000) });
    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 0,
      disputesExpired: 0,
      expired: 1,
      settled: 0,
      pending: 0,
    });
    expect(w.order('F1').status).toBe('refunding');
    expect(w.ledger.submitAndWait).not.toHaveBeenCalled();

    w.clock.at = afterCancel(60_000);
    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 0,
      disputesExpired: 0,
      expired: 0,
      settled: 1,
      pending: 0,
    });
    expect(w.order('F1').status).toBe('refunded');
  });

  it('follows releases under way to the ledger, whatever their deadline', async () => {
    const w = world([due('R1', { status: 'releasing', releaseReason: 'delivered' }, NEXT_WEEK)]);
    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 0,
      disputesExpired: 0,
      expired: 0,
      settled: 1,
      pending: 0,
    });
    expect(w.order('R1')).toMatchObject({ status: 'completed', settlement: { kind: 'finish' } });
  });

  it('counts settlements the ledger has not answered yet as pending, and carries on', async () => {
    const w = world(
      [
        due('R1', { status: 'releasing' }, NEXT_WEEK),
        due('R2', { status: 'releasing' }, NEXT_WEEK),
        due('R3', { status: 'releasing' }, NEXT_WEEK),
      ],
      { now: afterCancel(-60_000) },
    );
    w.ledger.answer('timeout', 'tecNO_TARGET');
    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 0,
      disputesExpired: 0,
      expired: 0,
      settled: 1,
      pending: 2,
    });
    expect(['R1', 'R2', 'R3'].map((id) => w.order(id).status).sort()).toEqual(['completed', 'releasing', 'releasing']);
    expect(w.log.warn).toHaveBeenCalledWith('settlement not finished yet', expect.anything());
  });

  it('ends each escrow once over runs after each other or at once', async () => {
    const orders = [due('F1'), due('S1', { status: 'shipped' })];
    const again = world(orders, { now: afterCancel(60_000) });
    await settleEscrows(again.deps);
    expect(await settleEscrows(again.deps)).toMatchObject({
      inspected: 0,
      disputesExpired: 0,
      expired: 0,
      settled: 0,
      pending: 0,
    });
    expect(again.ledger.submitAndWait).toHaveBeenCalledTimes(2);
    expect(again.events.changed).toHaveBeenCalledTimes(2);

    const atOnce = world(orders, { now: afterCancel(60_000) });
    await Promise.all([settleEscrows(atOnce.deps), settleEscrows(atOnce.deps)]);
    expect(orders.map((o) => atOnce.order(o.orderId).status)).toEqual(['refunded', 'refunded']);
    expect(atOnce.announced().sort()).toEqual(['F1 refunded', 'S1 refunded']);
  });

  it('waits for the ledger on several settlements at once, never more than SETTLE_CONCURRENCY', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `R${i}`);
    const w = world(ids.map((id) => due(id, { status: 'releasing' }, NEXT_WEEK)));
    const answer = w.ledger.submitAndWait.getMockImplementation()!;
    let waiting = 0;
    let most = 0;
    w.ledger.submitAndWait.mockImplementation(async (blob: string) => {
      most = Math.max(most, ++waiting);
      // A validated ledger takes a while: the others' submits come meanwhile.
      await new Promise((r) => setTimeout(r, 5));
      waiting--;
      return answer(blob);
    });
    expect(await settleEscrows(w.deps)).toMatchObject({
      inspected: 0,
      disputesExpired: 0,
      expired: 0,
      settled: 25,
      pending: 0,
    });
    expect(most).toBe(SETTLE_CONCURRENCY);
    expect(ids.every((id) => w.order(id).status === 'completed')).toBe(true);
    // Each its own transaction: 25 prepared, each submitted once.
    expect(new Set(w.ledger.submitAndWait.mock.calls.map(([blob]) => blob)).size).toBe(25);
  });
});
