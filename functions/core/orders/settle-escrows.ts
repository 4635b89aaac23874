import { eachLimited } from '../../lib/each-limited';
import type { DisputeEvents, DisputeRepository } from '../disputes/ports';
import { ended } from '../disputes/dispute-rules';
import { ESCROW_OPEN, holdEnd, isEscrowOpen, type OrderRecord } from './order';
import { beginRefund, beginRelease, settle, type SettlementDeps, type SettleOutcome } from './settlement';
import { shipByNotices, type ShipByNoticeDeps } from './ship-by-notices';

export interface SettleEscrowsDeps extends SettlementDeps, Omit<ShipByNoticeDeps, 'orders'> {
  disputes: Pick<DisputeRepository, 'refund'>;
  disputeEvents: DisputeEvents;
}

/** Both parties hear this long before an open dispute ends as a refund (decision 053). */
export const DISPUTE_ENDING_NOTICE_MS = 24 * 3_600_000;

/** Far enough ahead to list every order in a status (releases are followed whatever their deadline). */
const ANY_TIME = '9999-12-31T23:59:59.999Z';
const BATCH = 100;
/**
 * Settlements under way at once: each waits for a validated ledger (a close or two), so one after another a run of 100
 * would outlast its schedule's time limit. The platform account hands out sequences one after another
 * (adapters/ledger/platform-account.ts); a transaction left behind a gap expires and is prepared again.
 */
export const SETTLE_CONCURRENCY = 10;

export interface SettleEscrowsRun {
  /** Delivered orders whose inspection period ended: their release begins. */
  inspected: number;
  /** Open disputes that reached the release deadline: each ends as a refund. */
  disputesExpired: number;
  /** Sellers told their order's ship-by day is ending. */
  shipByNotices: number;
  expired: number;
  settled: number;
  pending: number;
}

async function expireDispute(order: OrderRecord, at: Date, deps: SettleEscrowsDeps): Promise<boolean> {
  const dispute = ended(order.dispute!, 'expired', 'deadline', null, at.toISOString());
  if (!(await deps.disputes.refund(order, dispute, 'dispute_expired', at.toISOString()))) return false;
  await deps.disputeEvents.disputeChanged({ ...order, status: 'refunding', dispute }, at);
  return true;
}

/** Tells both parties of every open dispute ending within a day; the notification's key makes it once per dispute. */
async function disputeEndingNotices(at: Date, deps: SettleEscrowsDeps): Promise<void> {
  const soon = new Date(at.getTime() + DISPUTE_ENDING_NOTICE_MS).toISOString();
  for (const status of ESCROW_OPEN) {
    for (const order of await deps.orders.dueIn(status, soon, BATCH)) {
      if (holdEnd(order)) await deps.disputeEvents.disputeEnding(order, at);
    }
  }
}

/** An open escrow whose deadline passed: which step of the run it took, null when another run took it first. */
async function endDue(
  order: OrderRecord,
  at: Date,
  deps: SettleEscrowsDeps,
): Promise<'disputesExpired' | 'expired' | 'inspected' | null> {
  // An open dispute's order is due when the dispute ends, whatever its status: it ends as a refund.
  if (holdEnd(order)) return (await expireDispute(order, at, deps)) ? 'disputesExpired' : null;
  // The returns schedule ends a return's hold a day earlier (decision 054); at the deadline it ends as a refund.
  if (order.releaseHold === 'return') return (await beginRefund(order, 'return_expired', deps)) ? 'expired' : null;
  if (order.status === 'delivered') return (await beginRelease(order, 'delivered', deps)) ? 'inspected' : null;
  return (await beginRefund(order, 'expired', deps)) ? 'expired' : null;
}

/**
 * One escrow's step of the schedule, run again on demand by an administrator for a stuck one (decision 065): an open
 * escrow past its deadline is released or refunded as the schedule would, then the settlement is followed to the
 * ledger's answer. Every write is conditional, so it may run alongside the schedule; a caller checks the deadline.
 */
export async function settleOrder(order: OrderRecord, deps: SettleEscrowsDeps): Promise<SettleOutcome> {
  if (isEscrowOpen(order.status)) await endDue(order, deps.clock.now(), deps);
  const current = await deps.orders.get(order.orderId);
  if (!current) return 'none';
  try {
    return await settle(current, deps);
  } catch (error) {
    deps.log.warn('settlement not finished yet', { orderId: order.orderId, error: String(error) });
    return 'pending';
  }
}

/**
 * The settlement schedule (decision 025, "funds never stuck"): a delivered order's escrow is released once its
 * inspection period ends (decision 052); an open dispute still open at the release deadline ends as a refund, and
 * both parties hear of it a day before (decision 053); an escrow still open at its CancelAfter goes back to the buyer (nothing
 * released it); refunds whose time has come and releases under way are followed to the ledger's
 * answer. Every step is conditional, so two runs at once or a run after a crash end each escrow once.
 */
export async function settleEscrows(deps: SettleEscrowsDeps): Promise<SettleEscrowsRun> {
  const run: SettleEscrowsRun = {
    inspected: 0,
    disputesExpired: 0,
    shipByNotices: 0,
    expired: 0,
    settled: 0,
    pending: 0,
  };
  const at = deps.clock.now();
  const now = at.toISOString();
  for (const status of ESCROW_OPEN) {
    for (const order of await deps.orders.dueIn(status, now, BATCH)) {
      const step = await endDue(order, at, deps);
      if (step) run[step]++;
    }
  }
  await disputeEndingNotices(at, deps);
  run.shipByNotices = await shipByNotices(at, deps);
  const due = [
    ...(await deps.orders.dueIn('refunding', now, BATCH)),
    ...(await deps.orders.dueIn('releasing', ANY_TIME, BATCH)),
  ];
  await eachLimited(due, SETTLE_CONCURRENCY, async (order) => {
    try {
      const outcome = await settle(order, deps);
      if (outcome === 'completed' || outcome === 'refunded') run.settled++;
      else if (outcome === 'pending') run.pending++;
    } catch (error) {
      run.pending++;
      deps.log.warn('settlement not finished yet', { orderId: order.orderId, error: String(error) });
    }
  });
  return run;
}
