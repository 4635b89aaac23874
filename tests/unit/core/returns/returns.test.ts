import { describe, expect, it, vi } from 'vitest';
import { RETURN_STAGES } from '../../../../shared/domain/returns';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { DEFAULT_PROTECTION } from '../../../../functions/core/orders/protection';
import { decideReturn } from '../../../../functions/core/returns/decide-return';
import { escalateReturn } from '../../../../functions/core/returns/escalate-return';
import { resolveReturn } from '../../../../functions/core/returns/resolve-return';
import { MemoryAuditLog } from '../admin/memory-admin';
import { followReturns } from '../../../../functions/core/returns/follow-returns';
import { NEVER, type ReturnRecord, type ReturnRepository } from '../../../../functions/core/returns/ports';
import { requestReturn } from '../../../../functions/core/returns/request-return';
import { returnNotices } from '../../../../functions/core/returns/return-notices';
import {
  acceptedForReturn,
  deliveredForReturn,
  returnParcelProblem,
} from '../../../../functions/core/returns/return-parcel';
import { returnRefundTx } from '../../../../functions/core/returns/return-refund';
import { toReturnView } from '../../../../functions/core/returns/return-view';
import { orderPolicy, returnWindowOf } from '../../../../functions/core/returns/return-window';
import { aFundedOrder, aParcel, aScan, NOW, place, RLUSD } from '../orders/order-fakes';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const ADDRESS = {
  country: 'US' as const,
  street: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
};

/** Delivered an hour ago, released after 48 h: in its inspection period. */
const delivered = (over: Partial<OrderRecord> = {}) =>
  aFundedOrder({
    orderId: 'O1',
    buyerId: 'B',
    sellerId: 'S',
    status: 'delivered',
    releaseDueAt: at(47 * HOUR),
    shipment: { ...aFundedOrder().shipment, status: 'delivered', deliveredAt: at(-HOUR) },
    ...over,
  });
const completed = (over: Partial<OrderRecord> = {}) =>
  delivered({ status: 'completed', releaseDueAt: null, completedAt: at(-HOUR), ...over });

/** The return store and the orders' holds in memory, each write conditional as the table's. */
function returnsWorld(orders: OrderRecord[], options: { now?: Date; parcels?: ReturnType<typeof aParcel>[] } = {}) {
  const byId = new Map(orders.map((o) => [o.orderId, o]));
  const rets = new Map<string, ReturnRecord>();
  const clock = { at: options.now ?? NOW };
  const returns: ReturnRepository = {
    get: async (id) => rets.get(id) ?? null,
    async create(r, o, holdUntil) {
      if (rets.has(r.orderId)) return false;
      if (r.case === 'before_release') {
        const order = byId.get(o.orderId)!;
        if (order.status !== 'delivered' || order.releaseHold) return false;
        byId.set(o.orderId, { ...order, releaseHold: 'return', deadline: holdUntil } as OrderRecord);
      }
      rets.set(r.orderId, r);
      return true;
    },
    async advance(r, change) {
      const now = rets.get(r.orderId);
      if (!now || now.stage !== r.stage) return false;
      rets.set(r.orderId, { ...now, ...change });
      return true;
    },
    async endHold(o, r, change, end) {
      const order = byId.get(o.orderId)!;
      const now = rets.get(r.orderId)!;
      if (now.stage !== r.stage || order.status !== 'delivered' || order.releaseHold !== 'return') return false;
      rets.set(r.orderId, { ...now, ...change });
      const { releaseHold: _, ...rest } = order;
      byId.set(
        o.orderId,
        end.kind === 'refund'
          ? { ...rest, status: 'refunding', refundReason: 'return_refunded' }
          : ({ ...rest, releaseDueAt: end.deadline } as OrderRecord),
      );
      return true;
    },
    due: async (stage, before) => [...rets.values()].filter((r) => r.stage === stage && r.dueAt <= before),
    ofSeller: async (s) => ({ items: [...rets.values()].filter((r) => r.sellerId === s), cursor: null }),
    wake: async () => {},
    owesRefund: async (s) => [...rets.values()].some((r) => r.sellerId === s && r.stage === 'refund_owed'),
    setRefundSigning: async () => true,
    recordRefundTx: async () => true,
    markRefunded: async () => true,
    clearRefundTx: async () => true,
  };
  const returnEvents = { returnChanged: vi.fn(async (_r: ReturnRecord, _at: Date) => {}) };
  const profiles = { get: vi.fn(async (_id: string) => ({ addressParts: ADDRESS })) };
  const deps = {
    returns,
    orders: { get: async (id: string) => byId.get(id) ?? null } as never,
    returnEvents,
    protection: DEFAULT_PROTECTION,
    clock: { now: () => clock.at },
    policies: { policyOf: async () => '30_days' as const },
    profiles,
    carrier: {
      track: vi.fn(async (numbers: readonly string[]) =>
        (options.parcels ?? []).filter((p) => numbers.includes(p.trackingNumber)),
      ),
    },
    log: { warn: vi.fn() },
  };
  return { deps, clock, ret: (id: string) => rets.get(id)!, order: (id: string) => byId.get(id)! };
}

const ASK = { reason: 'damaged' as const, description: '  The lid is cracked. ' };
const error = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { status: number; code: string }) => e,
  );

describe('the return window (decision 054)', () => {
  it("is the strictest of the order's listings' policies, none when one takes no returns or is gone", () => {
    expect(orderPolicy(['30_days', '14_days', '60_days'])).toBe('14_days');
    expect(orderPolicy(['30_days', 'no_returns'])).toBe('no_returns');
    expect(orderPolicy(['30_days', null])).toBe('no_returns');
  });

  it('holds the escrow while the inspection period runs, and is the seller’s to refund once released', () => {
    expect(returnWindowOf(delivered(), '7_days', NOW)).toEqual({
      policy: '7_days',
      endsAt: at(7 * DAY - HOUR),
      case: 'before_release',
    });
    expect(returnWindowOf(completed(), '7_days', NOW)?.case).toBe('after_release');
    // Past the policy, a release due and about to begin, a hold already there, or not received yet: none.
    expect(returnWindowOf(completed(), '7_days', new Date(Date.parse(at(7 * DAY))))).toBeNull();
    expect(returnWindowOf(delivered({ releaseDueAt: at(-1) }), '30_days', NOW)).toBeNull();
    expect(returnWindowOf(delivered({ releaseHold: 'dispute' }), '30_days', NOW)).toBeNull();
    expect(returnWindowOf(aFundedOrder(), '30_days', NOW)).toBeNull();
    expect(returnWindowOf(completed(), 'no_returns', NOW)).toBeNull();
  });
});

describe('Request Return and the seller’s answer', () => {
  it('before release holds the order until the release deadline; a rejection leaves the buyer a day to report', async () => {
    const w = returnsWorld([delivered()]);
    expect(await error(requestReturn('S', 'O1', ASK, w.deps))).toMatchObject({ status: 403 });
    expect(await error(requestReturn('X', 'O1', ASK, w.deps))).toMatchObject({ status: 404 });
    await requestReturn('B', 'O1', ASK, w.deps);
    const deadline = new Date(Date.parse(w.order('O1').escrow.cancelAfter) - 12 * HOUR).toISOString();
    expect(w.order('O1')).toMatchObject({ releaseHold: 'return', deadline });
    expect(w.ret('O1')).toMatchObject({
      stage: 'pending',
      description: 'The lid is cracked.',
      answerBy: at(48 * HOUR),
    });
    expect(await error(requestReturn('B', 'O1', ASK, w.deps))).toMatchObject({ code: 'return_exists' });

    await decideReturn('S', 'O1', { decision: 'reject', note: ' As described. ' }, w.deps);
    expect(w.ret('O1')).toMatchObject({ stage: 'rejected', sellerNote: 'As described.', dueAt: NEVER });
    expect(w.order('O1').releaseHold).toBeUndefined();
    expect(w.order('O1').releaseDueAt).toBe(at(47 * HOUR));
    expect(await error(decideReturn('S', 'O1', { decision: 'approve', note: '' }, w.deps))).toMatchObject({
      code: 'return_not_pending',
    });
  });

  it('a rejection late in the inspection period moves the release a day on, never past the deadline', async () => {
    const w = returnsWorld([delivered({ releaseDueAt: at(2 * HOUR) })]);
    await requestReturn('B', 'O1', ASK, w.deps);
    await decideReturn('S', 'O1', { decision: 'reject', note: '' }, w.deps);
    expect(w.order('O1').releaseDueAt).toBe(at(DAY));
  });

  it('is refused without a policy, outside it, and to a seller with no return address', async () => {
    const none = returnsWorld([completed()]);
    const noReturns = { ...none.deps, policies: { policyOf: async () => 'no_returns' as const } };
    expect(await error(requestReturn('B', 'O1', ASK, noReturns))).toMatchObject({ code: 'returns_not_accepted' });
    const late = returnsWorld([completed()], { now: new Date(Date.parse(at(31 * DAY))) });
    expect(await error(requestReturn('B', 'O1', ASK, late.deps))).toMatchObject({ code: 'return_window_closed' });
    const w = returnsWorld([completed()]);
    await requestReturn('B', 'O1', ASK, w.deps);
    w.deps.profiles.get.mockResolvedValueOnce({ addressParts: { ...ADDRESS, postalCode: '' } });
    expect(await error(decideReturn('S', 'O1', { decision: 'approve', note: '' }, w.deps))).toMatchObject({
      code: 'return_address_required',
    });
    await decideReturn('S', 'O1', { decision: 'approve', note: '' }, w.deps);
    expect(w.ret('O1')).toMatchObject({ stage: 'approved', returnTo: ADDRESS, shipBackBy: at(7 * DAY) });
  });
});

describe('the parcel sent back', () => {
  const approved = { stage: 'approved', returnTo: ADDRESS, decidedAt: at(0) } as ReturnRecord;
  const toSeller = (over = {}) => aParcel('R1', { destination: place('78701'), ...over });

  it('must be addressed to the return ZIP and no older than the approval', () => {
    expect(returnParcelProblem(toSeller(), approved)).toBeNull();
    expect(returnParcelProblem(aParcel('R1', { destination: place('10001') }), approved)?.code).toBe(
      'tracking_wrong_zip',
    );
    expect(returnParcelProblem(toSeller({ events: [aScan(at(-DAY), 'picked_up', '78702')] }), approved)?.code).toBe(
      'tracking_predates_return',
    );
    expect(returnParcelProblem({ trackingNumber: 'R1', found: false, code: 'x', message: 'x' }, approved)?.code).toBe(
      'tracking_unknown',
    );
  });

  it('counts as accepted once the carrier has it, and as delivered back only at the return ZIP', () => {
    expect(acceptedForReturn(toSeller({ status: 'pending' }), approved)).toBe(false);
    expect(acceptedForReturn(toSeller({ status: 'in_transit' }), approved)).toBe(true);
    const there = toSeller({ status: 'delivered', deliveredAt: at(HOUR), deliveredTo: place('78701') });
    expect(deliveredForReturn(there, approved)).toBe(at(HOUR));
    expect(deliveredForReturn({ ...there, deliveredTo: place('10001') }, approved)).toBeNull();
    expect(deliveredForReturn({ ...there, returnedToShipper: true }, approved)).toBeNull();
  });
});

describe('the returns schedule', () => {
  it('approves for a seller who did not answer, lapses what was not sent back, and the release goes ahead', async () => {
    const w = returnsWorld([delivered()]);
    await requestReturn('B', 'O1', ASK, w.deps);
    w.clock.at = new Date(Date.parse(at(48 * HOUR + 1)));
    expect((await followReturns(w.deps)).approved).toBe(1);
    const shipBackBy = w.ret('O1').shipBackBy!;
    expect(shipBackBy).toBe(new Date(Date.parse(w.order('O1').escrow.cancelAfter) - 36 * HOUR).toISOString());
    w.clock.at = new Date(Date.parse(shipBackBy) + 1);
    expect((await followReturns(w.deps)).lapsed).toBe(1);
    expect(w.ret('O1').stage).toBe('lapsed');
    expect(w.order('O1')).toMatchObject({ status: 'delivered', releaseDueAt: w.clock.at.toISOString() });
    expect(w.order('O1').releaseHold).toBeUndefined();
    // Twice is once.
    expect(await followReturns(w.deps)).toMatchObject({ approved: 0, lapsed: 0 });
  });

  it('decides the refund before release once the parcel is accepted; after release asks the seller to refund', async () => {
    const parcel = aParcel('R1', { destination: place('78701'), status: 'picked_up', events: [] });
    const w = returnsWorld([delivered()], { parcels: [parcel] });
    await requestReturn('B', 'O1', ASK, w.deps);
    await decideReturn('S', 'O1', { decision: 'approve', note: '' }, w.deps);
    await w.deps.returns.advance(w.ret('O1'), {
      stage: 'shipped',
      trackingNumber: 'R1',
      dueAt: at(0),
      updatedAt: at(0),
    });
    w.clock.at = new Date(Date.parse(at(1)));
    expect((await followReturns(w.deps)).advanced).toBe(1);
    expect(w.ret('O1').stage).toBe('completed');
    expect(w.order('O1')).toMatchObject({ status: 'refunding', refundReason: 'return_refunded' });

    const back = aParcel('R2', {
      destination: place('78701'),
      status: 'delivered',
      deliveredAt: at(HOUR),
      deliveredTo: place('78701'),
      events: [],
    });
    const v = returnsWorld([completed()], { parcels: [back] });
    await requestReturn('B', 'O1', ASK, v.deps);
    await decideReturn('S', 'O1', { decision: 'approve', note: '' }, v.deps);
    await v.deps.returns.advance(v.ret('O1'), {
      stage: 'shipped',
      trackingNumber: 'R2',
      dueAt: at(0),
      updatedAt: at(0),
    });
    v.clock.at = new Date(Date.parse(at(2 * HOUR)));
    await followReturns(v.deps);
    expect(v.ret('O1')).toMatchObject({
      stage: 'refund_due',
      deliveredBackAt: at(HOUR),
      refundDueBy: at(HOUR + 3 * DAY),
    });
    v.clock.at = new Date(Date.parse(at(HOUR + 3 * DAY + 1)));
    expect((await followReturns(v.deps)).escalated).toBe(1);
    expect(v.ret('O1').stage).toBe('escalated');
  });
});

describe('an administrator’s decision (decision 068)', () => {
  it('decides only an escalated return, with its reason, and records it in the audit log once', async () => {
    const w = returnsWorld([completed()]);
    const audit = new MemoryAuditLog();
    await requestReturn('B', 'O1', ASK, w.deps);
    await decideReturn('S', 'O1', { decision: 'reject', note: 'Worked when sent.' }, w.deps);
    expect(
      await error(resolveReturn('A', 'O1', { outcome: 'close', note: 'Too early.' }, { ...w.deps, audit })),
    ).toMatchObject({ code: 'return_not_escalated' });
    expect(audit.entries).toEqual([]);

    await escalateReturn('B', 'O1', w.deps);
    const after = await resolveReturn(
      'A',
      'O1',
      { outcome: 'refund', note: ' The photos show a crack. ' },
      {
        ...w.deps,
        audit,
      },
    );
    expect(after).toMatchObject({
      stage: 'refund_owed',
      resolution: { outcome: 'refund', note: 'The photos show a crack.' },
    });
    expect(audit.entries).toEqual([
      {
        actorId: 'A',
        action: 'case.return_refund',
        subject: 'O1',
        before: { kind: 'return', stage: 'escalated' },
        after: { kind: 'return', stage: 'refund_owed', reason: 'The photos show a crack.' },
        at: NOW,
      },
    ]);
    expect(
      await error(resolveReturn('A', 'O1', { outcome: 'close', note: 'Again.' }, { ...w.deps, audit })),
    ).toMatchObject({ code: 'return_not_escalated' });
    expect(audit.entries).toHaveLength(1);
  });
});

describe('what both parties see', () => {
  it('maps every stage to one of the four statuses the list shows, and tells both parties of each', () => {
    const base = { case: 'after_release', listingTitle: 'Lamp', refundCents: 2_000 } as ReturnRecord;
    for (const stage of RETURN_STAGES) {
      const r = { ...base, stage, approved: stage !== 'rejected' };
      expect(['pending', 'approved', 'rejected', 'completed']).toContain(toReturnView(r).status);
      const told = returnNotices(r);
      expect(told.title.length * told.buyer.length * told.seller.length * told.note.content.length).toBeGreaterThan(0);
    }
    expect(toReturnView({ ...base, stage: 'escalated', approved: false }).status).toBe('rejected');
    expect(toReturnView({ ...base, stage: 'rejected', approved: false }).canEscalate).toBe(true);
  });

  it("refunds exactly the item price in RLUSD from the seller's escrow account to the buyer's", () => {
    const tx = returnRefundTx(
      { orderId: 'O1', sellerAddress: 'rSeller', buyerAddress: 'rBuyer', refundCents: 2_050 } as ReturnRecord,
      RLUSD,
    );
    expect(tx).toMatchObject({
      TransactionType: 'Payment',
      Account: 'rSeller',
      Destination: 'rBuyer',
      Amount: { ...RLUSD, value: '20.50' },
    });
  });
});
