import { describe, expect, it } from 'vitest';
import type { EscrowEnding } from '../../../../functions/core/ledger/ports';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { driftChange, reconcileOrders } from '../../../../functions/core/orders/reconcile-orders';
import { aFundedOrder, CANCEL_AFTER, NOW, RLUSD, world } from './order-fakes';

/** An order whose EscrowCreate used the buyer's sequence `sequence`, validated in ledger 9. */
const anOrderAt = (orderId: string, sequence: number, over: Partial<OrderRecord> = {}) =>
  aFundedOrder({ orderId, escrowCreate: { ...aFundedOrder().escrowCreate!, sequence }, ...over });

/** A world over these orders in which the escrows of `present` are still on the ledger and `ended` were ended. */
function ledgerWith(orders: OrderRecord[], present: number[], ended: Record<number, EscrowEnding> = {}) {
  const w = world(orders);
  for (const sequence of present) {
    w.ledger.escrows.set(w.ledger.key('rB', sequence), {
      id: `ESCROW-${sequence}`,
      owner: 'rB',
      sequence,
      destination: 'rS',
      amount: { ...RLUSD, value: '45' },
      condition: 'A0',
      finishAfter: null,
      cancelAfter: CANCEL_AFTER,
      destinationTag: null,
    });
  }
  for (const [sequence, ending] of Object.entries(ended)) w.ledger.endings.set(w.ledger.key('rB', +sequence), ending);
  return w;
}

const finish: EscrowEnding = { kind: 'finish', txid: 'FINISH-HASH', ledgerIndex: 120 };
const cancel: EscrowEnding = { kind: 'cancel', txid: 'CANCEL-HASH', ledgerIndex: 130 };

describe('reconciling orders with the ledger', () => {
  it('finds an escrow still on the ledger as expected', async () => {
    const w = ledgerWith([anOrderAt('F1', 41)], [41]);
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 1, drift: 0, repaired: 0, marked: 0, cleared: 0 });
    expect(w.order('F1').status).toBe('funded');
    expect(w.ledger.escrowEnding).not.toHaveBeenCalled();
  });

  it('completes an order whose escrow an EscrowFinish ended, with that hash', async () => {
    const w = ledgerWith([anOrderAt('S1', 41, { status: 'shipped' })], [], { 41: finish });
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 1, drift: 1, repaired: 1, marked: 0, cleared: 0 });
    expect(w.ledger.escrowEnding).toHaveBeenCalledWith('rB', 41, 9);
    expect(w.order('S1')).toMatchObject({
      status: 'completed',
      settlement: { kind: 'finish', txid: 'FINISH-HASH', ledgerIndex: 120, submittedAt: NOW.toISOString() },
    });
    expect(w.announced()).toEqual(['S1 completed']);
  });

  it('refunds an order whose escrow an EscrowCancel ended, with that hash', async () => {
    const w = ledgerWith([anOrderAt('R1', 41, { status: 'releasing' })], [], { 41: cancel });
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 1, drift: 1, repaired: 1, marked: 0, cleared: 0 });
    expect(w.order('R1')).toMatchObject({
      status: 'refunded',
      settlement: { kind: 'cancel', txid: 'CANCEL-HASH', ledgerIndex: 130 },
    });
    expect(w.announced()).toEqual(['R1 refunded']);
  });

  it('keeps the recorded blob when the ending is our own recorded transaction', async () => {
    const settlement = {
      kind: 'finish' as const,
      txid: 'FINISH-HASH',
      blob: 'BLOB7',
      sequence: 507,
      lastLedgerSequence: 1_007,
      submittedAt: '2026-11-24T09:30:00.000Z',
      ledgerIndex: null,
    };
    const w = ledgerWith([anOrderAt('R1', 41, { status: 'releasing', settlement })], [], { 41: finish });
    await reconcileOrders(w.deps);
    expect(w.order('R1').settlement).toEqual({ ...settlement, ledgerIndex: 120 });
  });

  it('leaves an order the settlement ended meanwhile to it: no second repair, no second announcement', async () => {
    const w = ledgerWith([anOrderAt('R1', 41, { status: 'releasing' })], [], { 41: finish });
    w.ledger.escrowEnding.mockImplementationOnce(async () => {
      const settled = {
        ...w.order('R1'),
        settlement: { ...finish, blob: 'B', sequence: 1, lastLedgerSequence: 2, submittedAt: '' },
      };
      await w.repo.markCompleted(settled, finish.ledgerIndex, NOW.toISOString());
      return finish;
    });
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 1, drift: 0, repaired: 0, marked: 0, cleared: 0 });
    expect(w.order('R1')).toMatchObject({ status: 'completed', settlement: { blob: 'B' } });
    expect(w.events.changed).not.toHaveBeenCalled();
  });

  it('marks drift once: a second run leaves the first mark, and its time, as it was', async () => {
    const w = ledgerWith([anOrderAt('F1', 41), anOrderAt('X1', 42, { escrowCreate: null })], []);
    await reconcileOrders(w.deps);
    expect(w.order('F1').drift).toEqual({ kind: 'escrow_gone', at: NOW.toISOString() });
    expect(w.order('X1').drift).toEqual({ kind: 'escrow_create_missing', at: NOW.toISOString() });
    w.clock.at = new Date(NOW.getTime() + 15 * 60_000);
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 2, drift: 2, repaired: 0, marked: 0, cleared: 0 });
    expect(w.order('F1').drift).toEqual({ kind: 'escrow_gone', at: NOW.toISOString() });
  });

  it('clears a mark once the order is found consistent, and a repair ends it with the order', async () => {
    const drift = { kind: 'escrow_gone' as const, at: '2026-11-24T09:00:00.000Z' };
    const w = ledgerWith([anOrderAt('F1', 41, { drift }), anOrderAt('S1', 42, { status: 'shipped', drift })], [41], {
      42: finish,
    });
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 2, drift: 1, repaired: 1, marked: 0, cleared: 1 });
    expect(w.order('F1').drift).toBeUndefined();
    expect(w.order('S1')).toMatchObject({ status: 'completed', drift: undefined });
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 1, drift: 0, repaired: 0, marked: 0, cleared: 0 });
  });

  it('decides each outcome’s change to the mark', () => {
    const gone = { drift: { kind: 'escrow_gone' as const, at: '' } };
    expect(driftChange({}, 'ok')).toBeNull();
    expect(driftChange(gone, 'ok')).toBe('clear');
    expect(driftChange(gone, 'repaired')).toBeNull();
    expect(driftChange({}, 'escrow_gone')).toBe('mark');
    expect(driftChange(gone, 'escrow_gone')).toBeNull();
    expect(driftChange(gone, 'escrow_create_missing')).toBe('mark');
  });

  it('reports an escrow gone with no known ending as drift and repairs nothing', async () => {
    const w = ledgerWith([anOrderAt('F1', 41), anOrderAt('X1', 42, { escrowCreate: null })], []);
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 2, drift: 2, repaired: 0, marked: 2, cleared: 0 });
    expect([w.order('F1').status, w.order('X1').status]).toEqual(['funded', 'funded']);
    expect(w.log.error).toHaveBeenCalledWith('reconcile: escrow gone without a known ending', { orderId: 'F1' });
    expect(w.log.error).toHaveBeenCalledWith('reconcile: funded order without its EscrowCreate', { orderId: 'X1' });
    expect(w.events.changed).not.toHaveBeenCalled();
  });

  it('checks only orders that are not final, and counts each outcome', async () => {
    const orders = [
      anOrderAt('F1', 41),
      anOrderAt('S1', 42, { status: 'shipped' }),
      anOrderAt('R1', 43, { status: 'releasing' }),
      anOrderAt('R2', 44, { status: 'refunding' }),
      anOrderAt('C1', 45, { status: 'completed' }),
      anOrderAt('C2', 46, { status: 'refunded' }),
      anOrderAt('C3', 47, { status: 'cancelled' }),
      anOrderAt('A1', 48, { status: 'awaiting_signature' }),
    ];
    const w = ledgerWith(orders, [41, 42], { 43: finish, 44: cancel });
    expect(await reconcileOrders(w.deps)).toEqual({ checked: 4, drift: 2, repaired: 2, marked: 0, cleared: 0 });
    expect(w.ledger.escrow.mock.calls.map(([, sequence]) => sequence).sort()).toEqual([41, 42, 43, 44]);

    expect(await reconcileOrders(w.deps)).toEqual({ checked: 2, drift: 0, repaired: 0, marked: 0, cleared: 0 });
    expect(w.events.changed).toHaveBeenCalledTimes(2);
  });
});
