import { describe, expect, it, vi } from 'vitest';
import { openDispute } from '../../../../functions/core/disputes/open-dispute';
import { refundDispute } from '../../../../functions/core/disputes/refund-dispute';
import { respondToDispute } from '../../../../functions/core/disputes/respond-to-dispute';
import { resolveDispute } from '../../../../functions/core/disputes/resolve-dispute';
import { withdrawDispute } from '../../../../functions/core/disputes/withdraw-dispute';
import { settleEscrows } from '../../../../functions/core/orders/settle-escrows';
import { aFundedOrder, aShippedOrder, NOW, world } from '../orders/order-fakes';
import { MemoryAuditLog } from '../admin/memory-admin';

const ISSUE = { reason: 'damaged' as const, description: '  The lid is cracked.  ', photoKeys: [] };
const HOUR = 3_600_000;
const delivered = (releaseDueAt: string) =>
  aShippedOrder('D1', 'T1', { status: 'delivered', releaseDueAt, buyerId: 'B', sellerId: 'S' });
/** The media bucket's photo store: every upload is a good image unless named 'bad'. */
const photos = {
  inspect: vi.fn(async (key: string) => ({ size: 10, head: key.includes('bad') ? new Uint8Array(12) : PNG })),
  promote: vi.fn(async () => 'promoted' as const),
  move: vi.fn(async () => {}),
  remove: vi.fn(async (_keys: string[]) => {}),
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const error = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { status: number; code: string }) => e,
  );

describe('Report Issue: a dispute holds the release until it ends (decision 053)', () => {
  it('opens once, by the buyer, while the escrow is funded, ending at CancelAfter minus the margin', async () => {
    const w = world([delivered(NOW.toISOString())]);
    expect(await error(openDispute('S', 'D1', ISSUE, { ...w.deps, photos }))).toMatchObject({ status: 403 });
    expect(await error(openDispute('X', 'D1', ISSUE, { ...w.deps, photos }))).toMatchObject({ status: 404 });
    await openDispute('B', 'D1', ISSUE, { ...w.deps, photos });
    const cancelAfter = Date.parse(w.order('D1').escrow.cancelAfter);
    expect(w.order('D1').dispute).toEqual({
      reason: 'damaged',
      description: 'The lid is cracked.',
      photoKeys: [],
      status: 'open',
      openedAt: NOW.toISOString(),
      endsAt: new Date(cancelAfter - 12 * HOUR).toISOString(),
      resolution: null,
    });
    expect(await error(openDispute('B', 'D1', ISSUE, { ...w.deps, photos }))).toMatchObject({ code: 'dispute_open' });
    expect(w.disputeEvents.disputeChanged).toHaveBeenCalledTimes(1);

    const done = world([aFundedOrder({ orderId: 'C1', buyerId: 'B', status: 'completed' })]);
    expect(await error(openDispute('B', 'C1', ISSUE, { ...done.deps, photos }))).toMatchObject({
      code: 'escrow_not_open',
    });
  });

  it("takes the buyer's photos re-encoded under the order, and none when one of them is refused", async () => {
    const w = world([delivered(NOW.toISOString())]);
    const keys = ['uploads/B/01A.jpg', 'uploads/B/01B.png'];
    await openDispute('B', 'D1', { ...ISSUE, photoKeys: [...keys, keys[0]!] }, { ...w.deps, photos });
    expect(w.order('D1').dispute!.photoKeys).toEqual(['dispute-photos/D1/01A.jpg', 'dispute-photos/D1/01B.png']);
    expect(photos.promote).toHaveBeenCalledWith('uploads/B/01A.jpg', 'dispute-photos/D1/01A.jpg', 2048);

    const v = world([delivered(NOW.toISOString())]);
    const refused = openDispute(
      'B',
      'D1',
      { ...ISSUE, photoKeys: ['uploads/B/01C.jpg', 'uploads/B/bad.jpg'] },
      {
        ...v.deps,
        photos,
      },
    );
    expect(await error(refused)).toMatchObject({ status: 400 });
    expect(photos.remove).toHaveBeenCalledWith(['dispute-photos/D1/01C.jpg']);
    expect(v.order('D1').dispute).toBeUndefined();
    // Another user's upload is never taken.
    expect(
      await error(openDispute('B', 'D1', { ...ISSUE, photoKeys: ['uploads/S/01D.jpg'] }, { ...v.deps, photos })),
    ).toMatchObject({ status: 400 });
  });

  it('opens on a fresh read when the delivery check moved the order on meanwhile', async () => {
    const shipped = aShippedOrder('D1', 'T1', { buyerId: 'B', sellerId: 'S' });
    const w = world([shipped]);
    const open = w.deps.disputes.open;
    let raced = false;
    const disputes = {
      ...w.deps.disputes,
      open: async (...args: Parameters<typeof open>) => {
        if (!raced) {
          raced = true;
          await w.deps.markDelivered(shipped, NOW.toISOString(), NOW.toISOString(), NOW.toISOString());
        }
        return open(...args);
      },
    };
    await openDispute('B', 'D1', ISSUE, { ...w.deps, disputes, photos });
    expect(w.order('D1')).toMatchObject({ status: 'delivered', dispute: { status: 'open' } });
  });

  it('keeps a delivered order from being released when its inspection period ends; withdrawn, it is released', async () => {
    const w = world([delivered(new Date(NOW.getTime() - 1).toISOString())]);
    await openDispute('B', 'D1', ISSUE, { ...w.deps, photos });
    const run = await settleEscrows(w.deps);
    expect(run).toMatchObject({ inspected: 0, disputesExpired: 0 });
    expect(w.order('D1').status).toBe('delivered');

    await withdrawDispute('B', 'D1', w.deps);
    expect(w.order('D1').dispute).toMatchObject({ status: 'withdrawn', resolution: { by: 'buyer' } });
    expect(await settleEscrows(w.deps)).toMatchObject({ inspected: 1, settled: 1 });
    expect(w.order('D1')).toMatchObject({ status: 'completed', releaseReason: 'delivered' });
  });

  it('the seller answers with a message and photos, one at a time, at most 10 times; the buyer cannot', async () => {
    const w = world([delivered(NOW.toISOString())]);
    await openDispute('B', 'D1', ISSUE, { ...w.deps, photos });
    const answer = { message: ' Packed with care. ', photoKeys: ['uploads/S/01P.jpg'] };
    expect(await error(respondToDispute('B', 'D1', answer, { ...w.deps, photos }))).toMatchObject({ status: 403 });
    await respondToDispute('S', 'D1', answer, { ...w.deps, photos });
    expect(w.order('D1').dispute!.responses).toEqual([
      { message: 'Packed with care.', photoKeys: ['dispute-photos/D1/01P.jpg'], at: NOW.toISOString() },
    ]);
    expect(w.disputeEvents.disputeAnswered).toHaveBeenCalledTimes(1);
    for (let i = 1; i < 10; i++)
      await respondToDispute('S', 'D1', { message: `${i}`, photoKeys: [] }, { ...w.deps, photos });
    expect(
      await error(respondToDispute('S', 'D1', { message: 'more', photoKeys: [] }, { ...w.deps, photos })),
    ).toMatchObject({
      code: 'dispute_answered',
    });
  });

  it('the seller refunds: the escrow goes back at CancelAfter, nothing can release it', async () => {
    const w = world([delivered(NOW.toISOString())]);
    await openDispute('B', 'D1', ISSUE, { ...w.deps, photos });
    expect(await error(refundDispute('B', 'D1', w.deps))).toMatchObject({ status: 403 });
    await refundDispute('S', 'D1', w.deps);
    expect(w.order('D1')).toMatchObject({
      status: 'refunding',
      refundReason: 'dispute_refunded',
      escrow: { sealedFulfillment: '' },
      dispute: { status: 'refunded', resolution: { by: 'seller' } },
    });
    expect(await error(withdrawDispute('B', 'D1', w.deps))).toMatchObject({ code: 'no_open_dispute' });
  });

  it('an administrator releases now, or refunds, with the reason kept for both parties and in the audit log', async () => {
    const w = world([delivered(new Date(NOW.getTime() + 10 * HOUR).toISOString())]);
    const audit = new MemoryAuditLog();
    await openDispute('B', 'D1', ISSUE, { ...w.deps, photos });
    const after = await resolveDispute(
      'A',
      'D1',
      { outcome: 'release', note: ' Photos show it intact. ' },
      { ...w.deps, audit },
    );
    expect(after).toMatchObject({
      status: 'completed',
      releaseReason: 'dispute_released',
      dispute: { status: 'released', resolution: { by: 'admin', note: 'Photos show it intact.' } },
    });
    expect(audit.entries).toEqual([
      {
        actorId: 'A',
        action: 'case.release',
        subject: 'D1',
        before: { kind: 'dispute', status: 'delivered', dispute: 'open' },
        after: { kind: 'dispute', dispute: 'released', reason: 'Photos show it intact.' },
        at: NOW,
      },
    ]);
    // A second decision is refused and records nothing.
    expect(
      await error(resolveDispute('A', 'D1', { outcome: 'refund', note: 'x' }, { ...w.deps, audit })),
    ).toMatchObject({ code: 'no_open_dispute' });
    expect(audit.entries).toHaveLength(1);

    const v = world([delivered(NOW.toISOString())]);
    const refunds = new MemoryAuditLog();
    await openDispute('B', 'D1', ISSUE, { ...v.deps, photos });
    await resolveDispute('A2', 'D1', { outcome: 'refund', note: 'Counterfeit.' }, { ...v.deps, audit: refunds });
    expect(v.order('D1')).toMatchObject({ status: 'refunding', dispute: { status: 'refunded' } });
    expect(refunds.entries).toMatchObject([
      { actorId: 'A2', action: 'case.refund', subject: 'D1', after: { dispute: 'refunded', reason: 'Counterfeit.' } },
    ]);
  });

  it('tells both parties a day before, and ends a dispute still open at the release deadline as a refund', async () => {
    const w = world([delivered(NOW.toISOString())]);
    await openDispute('B', 'D1', ISSUE, { ...w.deps, photos });
    const endsAt = Date.parse(w.order('D1').dispute!.endsAt);

    w.clock.at = new Date(endsAt - 25 * HOUR);
    await settleEscrows(w.deps);
    expect(w.disputeEvents.disputeEnding).not.toHaveBeenCalled();
    w.clock.at = new Date(endsAt - 23 * HOUR);
    await settleEscrows(w.deps);
    expect(w.disputeEvents.disputeEnding).toHaveBeenCalledTimes(1);

    w.clock.at = new Date(endsAt + 1);
    expect(await settleEscrows(w.deps)).toMatchObject({ disputesExpired: 1, inspected: 0 });
    expect(w.order('D1')).toMatchObject({
      status: 'refunding',
      refundReason: 'dispute_expired',
      dispute: { status: 'expired', resolution: { by: 'deadline' } },
    });
    // A second run finds nothing left to end.
    expect(await settleEscrows(w.deps)).toMatchObject({ disputesExpired: 0 });
  });
});
