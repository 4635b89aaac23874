import { describe, expect, it, vi } from 'vitest';
import type { OrderRecord, OrderStatus } from '../../../../functions/core/orders/order';
import { beginRefund, beginRelease, settle } from '../../../../functions/core/orders/settlement';
import { aFundedOrder, afterCancel, world, type Answer } from './order-fakes';

const releasing = (over: Partial<OrderRecord> = {}) =>
  aFundedOrder({ status: 'releasing', releaseReason: 'delivered', ...over });
const refunding = (over: Partial<OrderRecord> = {}) => {
  const base = aFundedOrder();
  return aFundedOrder({
    status: 'refunding',
    refundReason: 'expired',
    escrow: { ...base.escrow, sealedFulfillment: '' },
    ...over,
  });
};
const ALL: OrderStatus[] = [
  'awaiting_signature',
  'submitting',
  'funded',
  'cancelled',
  'shipped',
  'releasing',
  'completed',
  'refunding',
  'refunded',
];
const FINISH = { TransactionType: 'EscrowFinish', Owner: 'rB', OfferSequence: 41, Condition: 'A0' };

describe('beginning a release', () => {
  it('moves a funded or shipped order to releasing, with its reason', async () => {
    for (const status of ['funded', 'shipped'] as const) {
      const w = world([aFundedOrder({ status })]);
      expect(await beginRelease(w.order(), 'pickup_approved', w.deps)).toBe(true);
      expect(w.order()).toMatchObject({ status: 'releasing', releaseReason: 'pickup_approved' });
    }
  });

  it('from any other status does nothing', async () => {
    for (const status of ALL.filter((s) => s !== 'funded' && s !== 'shipped')) {
      const w = world([aFundedOrder({ status })]);
      expect(await beginRelease(w.order(), 'delivered', w.deps)).toBe(false);
      expect(w.order().status).toBe(status);
    }
  });

  it('loses to a refund that began after the order was read', async () => {
    const w = world([aFundedOrder()]);
    const read = w.order();
    expect(await beginRefund(read, 'expired', w.deps)).toBe(true);
    expect(await beginRelease(read, 'delivered', w.deps)).toBe(false);
    expect(w.order().status).toBe('refunding');
  });
});

describe('beginning a refund', () => {
  it('moves a funded or shipped order to refunding and destroys its fulfillment in the same write', async () => {
    for (const status of ['funded', 'shipped'] as const) {
      const w = world([aFundedOrder({ status })]);
      expect(await beginRefund(w.order(), 'pickup_rejected', w.deps)).toBe(true);
      expect(w.order()).toMatchObject({
        status: 'refunding',
        refundReason: 'pickup_rejected',
        escrow: { sealedFulfillment: '' },
      });
    }
  });

  it('takes a releasing order back only once CancelAfter has passed', async () => {
    const w = world([releasing()], { now: afterCancel(-1) });
    expect(await beginRefund(w.order(), 'expired', w.deps)).toBe(false);
    expect(w.order()).toMatchObject({ status: 'releasing', escrow: { sealedFulfillment: 'aes.x' } });

    w.clock.at = afterCancel(0);
    expect(await beginRefund(w.order(), 'expired', w.deps)).toBe(true);
    expect(w.order()).toMatchObject({ status: 'refunding', escrow: { sealedFulfillment: '' } });
  });

  it('never from a final or unfunded status', async () => {
    for (const status of [
      'awaiting_signature',
      'submitting',
      'cancelled',
      'completed',
      'refunding',
      'refunded',
    ] as const) {
      const w = world([aFundedOrder({ status })], { now: afterCancel(60_000) });
      expect(await beginRefund(w.order(), 'expired', w.deps)).toBe(false);
      expect(w.order()).toMatchObject({ status, escrow: { sealedFulfillment: 'aes.x' } });
    }
  });
});

describe('settling a release or a refund', () => {
  it("finishes with the opened fulfillment, recorded before it is submitted; completed once, from the ledger's answer", async () => {
    const w = world([releasing()]);
    const record = vi.spyOn(w.repo, 'recordSettlement');

    expect(await settle(w.order(), w.deps)).toBe('completed');

    expect(w.vault.open).toHaveBeenCalledWith('aes.x', w.order().orderId);
    expect(w.platform.prepare).toHaveBeenCalledWith({ ...FINISH, Fulfillment: `FULFILLMENT-${w.order().orderId}` });
    expect(record.mock.invocationCallOrder[0]!).toBeLessThan(w.ledger.submitAndWait.mock.invocationCallOrder[0]!);
    expect(w.trace).toEqual(['record TX1', 'submit BLOB1']);
    expect(w.order()).toMatchObject({
      status: 'completed',
      settlement: { kind: 'finish', txid: 'TX1', blob: 'BLOB1', sequence: 501, ledgerIndex: 101 },
    });
    expect(w.announced()).toEqual([`${w.order().orderId} completed`]);
  });

  it('throws while the outcome is unknown; the retry resubmits the recorded blob instead of preparing another', async () => {
    const w = world([releasing()]);
    w.ledger.answer('timeout');
    await expect(settle(w.order(), w.deps)).rejects.toThrow(/not validated yet/);
    expect(w.order()).toMatchObject({ status: 'releasing', settlement: { txid: 'TX1', blob: 'BLOB1' } });

    expect(await settle(w.order(), w.deps)).toBe('completed');
    expect(w.platform.prepare).toHaveBeenCalledTimes(1);
    expect(w.trace).toEqual(['record TX1', 'submit BLOB1', 'submit BLOB1']);
  });

  it('prepares a new transaction, recorded over the last, when the last expired or was rejected', async () => {
    for (const answer of ['expired', 'tefPAST_SEQ', 'temBAD_FEE'] as Answer[]) {
      const w = world([releasing()]);
      w.ledger.answer(answer);
      expect(await settle(w.order(), w.deps)).toBe('completed');
      expect(w.trace).toEqual(['record TX1', 'submit BLOB1', 'record TX2', 'submit BLOB2']);
      expect(w.order().settlement).toMatchObject({ txid: 'TX2', blob: 'BLOB2' });
    }
  });

  it('prepares again, with an error logged, after any other tec result', async () => {
    const w = world([releasing()]);
    w.ledger.answer('tecINSUFFICIENT_RESERVE');
    expect(await settle(w.order(), w.deps)).toBe('completed');
    expect(w.log.error).toHaveBeenCalledWith('settlement refused by the ledger', expect.anything());
    expect(w.order().settlement?.txid).toBe('TX2');
  });

  it('refunds a release the ledger refused as past CancelAfter (tecNO_PERMISSION)', async () => {
    const w = world([releasing()], { now: afterCancel(60_000) });
    w.ledger.answer('tecNO_PERMISSION');

    // The cancel is recorded in this run and submitted in the next (three steps a run).
    expect(await settle(w.order(), w.deps)).toBe('pending');
    expect(w.order()).toMatchObject({ status: 'refunding', settlement: { kind: 'cancel', txid: 'TX2' } });
    expect(await settle(w.order(), w.deps)).toBe('refunded');

    expect(w.platform.prepare.mock.calls.map(([tx]) => tx.TransactionType)).toEqual(['EscrowFinish', 'EscrowCancel']);
    expect(w.trace).toEqual(['record TX1', 'submit BLOB1', 'record TX2', 'submit BLOB2']);
    expect(w.order()).toMatchObject({
      status: 'refunded',
      refundReason: 'expired',
      escrow: { sealedFulfillment: '' },
      settlement: { kind: 'cancel', txid: 'TX2' },
    });
    expect(w.announced()).toEqual([`${w.order().orderId} refunded`]);
  });

  it('leaves an escrow another transaction ended (tecNO_TARGET) pending for reconcile, with no new transaction', async () => {
    const w = world([releasing()]);
    w.ledger.answer('tecNO_TARGET');
    expect(await settle(w.order(), w.deps)).toBe('pending');
    expect(w.platform.prepare).toHaveBeenCalledTimes(1);
    expect(w.ledger.submitAndWait).toHaveBeenCalledTimes(1);
    expect(w.order()).toMatchObject({ status: 'releasing', settlement: { txid: 'TX1' } });
    expect(w.events.changed).not.toHaveBeenCalled();
  });

  it('tries no cancel before CancelAfter and its margin', async () => {
    for (const at of [afterCancel(-3_600_000), afterCancel(14_999)]) {
      const w = world([refunding()], { now: at });
      expect(await settle(w.order(), w.deps)).toBe('not_due');
      expect(w.platform.prepare).not.toHaveBeenCalled();
      expect(w.ledger.submitAndWait).not.toHaveBeenCalled();
    }
    const w = world([refunding()], { now: afterCancel(15_000) });
    expect(await settle(w.order(), w.deps)).toBe('refunded');
    expect(w.platform.prepare).toHaveBeenCalledWith({
      TransactionType: 'EscrowCancel',
      Owner: 'rB',
      OfferSequence: 41,
    });
    expect(w.vault.open).not.toHaveBeenCalled();
    expect(w.order()).toMatchObject({ status: 'refunded', settlement: { kind: 'cancel', txid: 'TX1' } });
  });

  it('ends the escrow and announces it once, however often it runs', async () => {
    const w = world([releasing()]);
    const read = w.order();
    expect(await settle(read, w.deps)).toBe('completed');
    expect(await settle(read, w.deps)).toBe('none');
    expect(await settle(w.order(), w.deps)).toBe('none');
    expect(w.ledger.submitAndWait).toHaveBeenCalledTimes(1);
    expect(w.events.changed).toHaveBeenCalledTimes(1);
  });

  it('two workers at once submit only the one recorded transaction and end the escrow once', async () => {
    const w = world([releasing()]);
    const read = w.order();
    const outcomes = await Promise.all([settle(read, w.deps), settle(read, w.deps)]);
    expect(outcomes).toContain('completed');
    expect(w.order().status).toBe('completed');
    expect(new Set(w.ledger.submitAndWait.mock.calls.map(([blob]) => blob))).toEqual(
      new Set([w.order().settlement!.blob]),
    );
    expect(w.events.changed).toHaveBeenCalledTimes(1);
  });

  it('does nothing to an order that is neither releasing nor refunding', async () => {
    for (const status of ['funded', 'shipped', 'completed', 'refunded', 'cancelled'] as const) {
      const w = world([aFundedOrder({ status })], { now: afterCancel(60_000) });
      expect(await settle(w.order(), w.deps)).toBe('none');
      expect(w.platform.prepare).not.toHaveBeenCalled();
    }
  });
});
