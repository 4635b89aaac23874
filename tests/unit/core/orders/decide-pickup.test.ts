import { describe, expect, it } from 'vitest';
import { decidePickup } from '../../../../functions/core/orders/decide-pickup';
import { aFundedOrder, aPickupOrder, NOW, PICKUP_CODE, world } from './order-fakes';

const ID = aFundedOrder().orderId;
const UNPAID = { cents: 113, basisPoints: 250, signing: null, txid: null, paidAt: null, label: null };
const approve = (pickupCode: string) => ({ decision: 'approve' as const, pickupCode });
const REJECT = { decision: 'reject' as const };
const WRONG = '11112222';

describe('approving a local pickup with its code', () => {
  it("the buyer's code releases the escrow to the seller, typed with its space too", async () => {
    const w = world([aPickupOrder()]);
    await decidePickup('S', ID, approve('4815 1623'), w.deps);
    expect(w.order()).toMatchObject({
      status: 'completed',
      releaseReason: 'pickup_approved',
      settlement: { kind: 'finish', txid: 'TX1' },
    });
    expect(w.platform.prepare).toHaveBeenCalledWith(expect.objectContaining({ TransactionType: 'EscrowFinish' }));
    expect(w.announced()).toEqual([`${ID} completed`]);
  });

  it('a wrong code is refused (409), counted, and releases nothing', async () => {
    const w = world([aPickupOrder()]);
    await expect(decidePickup('S', ID, approve(WRONG), w.deps)).rejects.toMatchObject({
      status: 409,
      code: 'pickup_code_wrong',
      message: "This is not the buyer's pickup code. 4 tries left before a pause.",
    });
    expect(w.order()).toMatchObject({ status: 'funded', pickup: { tries: 1, pausedUntil: null } });
    expect(w.platform.prepare).not.toHaveBeenCalled();
  });

  it('a code that is not 8 digits is a 400 and not counted as a try', async () => {
    const w = world([aPickupOrder()]);
    for (const bad of ['', '1234', '123456789', 'abcdefgh']) {
      await expect(decidePickup('S', ID, approve(bad), w.deps)).rejects.toMatchObject({
        status: 400,
        message: 'The pickup code has 8 digits.',
      });
    }
    expect(w.order().pickup).toMatchObject({ tries: 0 });
  });

  it('the fifth wrong code starts a 15-minute pause in which even the right code is refused (429)', async () => {
    const w = world([aPickupOrder()]);
    for (let n = 1; n <= 4; n++) {
      await expect(decidePickup('S', ID, approve(WRONG), w.deps)).rejects.toMatchObject({ code: 'pickup_code_wrong' });
    }
    await expect(decidePickup('S', ID, approve(WRONG), w.deps)).rejects.toMatchObject({
      status: 429,
      code: 'pickup_code_paused',
      message: 'Too many wrong pickup codes. Try again after 10:15 UTC.',
    });
    await expect(decidePickup('S', ID, approve(PICKUP_CODE), w.deps)).rejects.toMatchObject({
      status: 429,
      code: 'pickup_code_paused',
    });
    expect(w.order()).toMatchObject({
      status: 'funded',
      pickup: { tries: 0, pausedUntil: '2026-11-24T10:15:00.000Z' },
    });
    expect(w.vault.open).toHaveBeenCalledTimes(5);

    w.clock.at = new Date(NOW.getTime() + 15 * 60_000);
    await decidePickup('S', ID, approve(PICKUP_CODE), w.deps);
    expect(w.order().status).toBe('completed');
  });

  it('parallel tries are counted one after another: ten at once compare at most five codes', async () => {
    const w = world([aPickupOrder()]);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => decidePickup('S', ID, approve(WRONG), w.deps)),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'ok'));
    expect(codes.filter((c) => c === 'pickup_code_wrong')).toHaveLength(4);
    expect(codes.every((c) => ['pickup_code_wrong', 'pickup_code_paused', 'pickup_busy'].includes(c))).toBe(true);
    expect(w.order().pickup).toMatchObject({ tries: 0, pausedUntil: '2026-11-24T10:15:00.000Z' });
  });

  it('needs the platform fee paid first, and counts no try until then', async () => {
    const w = world([aPickupOrder({ fee: UNPAID })]);
    await expect(decidePickup('S', ID, approve(PICKUP_CODE), w.deps)).rejects.toMatchObject({
      status: 409,
      code: 'platform_fee_required',
    });
    expect(w.order()).toMatchObject({ status: 'funded', pickup: { tries: 0 } });
    expect(w.platform.prepare).not.toHaveBeenCalled();
  });

  it('an order made before pickup codes cannot be approved (409), only rejected', async () => {
    const w = world([aPickupOrder({ pickup: undefined })]);
    await expect(decidePickup('S', ID, approve(PICKUP_CODE), w.deps)).rejects.toMatchObject({
      status: 409,
      code: 'pickup_code_missing',
    });
    expect(w.order().status).toBe('funded');
  });

  it('a vault that cannot open the fulfillment costs the seller no try', async () => {
    const w = world([aPickupOrder()]);
    w.vault.open.mockRejectedValueOnce(new Error('KMS unreachable'));
    await expect(decidePickup('S', ID, approve(WRONG), w.deps)).rejects.toThrow('KMS unreachable');
    expect(w.order().pickup).toMatchObject({ tries: 0 });
  });

  it('a release the ledger has not validated yet stays releasing for the schedule, without an error', async () => {
    const w = world([aPickupOrder()]);
    w.ledger.answer('timeout');
    await decidePickup('S', ID, approve(PICKUP_CODE), w.deps);
    expect(w.order()).toMatchObject({ status: 'releasing', settlement: { txid: 'TX1' } });
    expect(w.log.warn).toHaveBeenCalledWith('release continues in the background', expect.anything());
  });

  it('is not for an order that ships (409 wrong_fulfilment), nor one not funded, nor anyone but its seller', async () => {
    const refused = [
      ['S', aFundedOrder(), 'wrong_fulfilment'],
      ['S', aPickupOrder({ status: 'awaiting_signature' }), 'order_not_pending'],
      ['S', aPickupOrder({ status: 'releasing', releaseReason: 'pickup_approved' }), 'order_not_pending'],
      ['B', aPickupOrder(), 'forbidden'],
      ['X', aPickupOrder(), 'not_found'],
    ] as const;
    for (const [who, order, code] of refused) {
      const w = world([order]);
      await expect(decidePickup(who, ID, approve(PICKUP_CODE), w.deps)).rejects.toMatchObject({ code });
      expect(w.order().status).toBe(order.status);
      expect(w.order().pickup).toEqual(order.pickup);
      expect(w.vault.open).not.toHaveBeenCalled();
    }
  });
});

describe('rejecting a local pickup', () => {
  it('needs no fee and no code: the order is to be refunded and its fulfillment destroyed, nothing else', async () => {
    const w = world([aPickupOrder({ fee: UNPAID })]);
    await decidePickup('S', ID, REJECT, w.deps);
    const { status, refundReason, escrow, fee, settlement } = w.order();
    expect({ status, refundReason, escrow, fee, settlement }).toEqual({
      status: 'refunding',
      refundReason: 'pickup_rejected',
      escrow: { ...aPickupOrder().escrow, sealedFulfillment: '' },
      fee: UNPAID,
      settlement: null,
    });
    // The ledger allows the cancel only after CancelAfter: the settlement schedule submits it then.
    expect(w.vault.open).not.toHaveBeenCalled();
    expect(w.platform.prepare).not.toHaveBeenCalled();
    expect(w.ledger.submitAndWait).not.toHaveBeenCalled();
  });

  it('destroys no fulfillment when the decision is refused', async () => {
    const refused = [
      ['S', aFundedOrder(), 409],
      ['B', aPickupOrder(), 403],
      ['X', aPickupOrder(), 404],
      ['S', aPickupOrder({ status: 'releasing', releaseReason: 'pickup_approved' }), 409],
      ['S', aPickupOrder({ status: 'completed' }), 409],
    ] as const;
    for (const [who, order, status] of refused) {
      const w = world([order]);
      await expect(decidePickup(who, ID, REJECT, w.deps)).rejects.toMatchObject({ status });
      expect(w.order()).toMatchObject({ status: order.status, escrow: { sealedFulfillment: 'aes.x' } });
    }
  });

  it('is taken once: a second decision finds the order no longer pending', async () => {
    const approved = world([aPickupOrder()]);
    await decidePickup('S', ID, approve(PICKUP_CODE), approved.deps);
    await expect(decidePickup('S', ID, REJECT, approved.deps)).rejects.toMatchObject({ code: 'order_not_pending' });
    expect(approved.order().status).toBe('completed');

    const rejected = world([aPickupOrder()]);
    await decidePickup('S', ID, REJECT, rejected.deps);
    await expect(decidePickup('S', ID, approve(PICKUP_CODE), rejected.deps)).rejects.toMatchObject({
      code: 'order_not_pending',
    });
    expect(rejected.order().status).toBe('refunding');
  });
});
