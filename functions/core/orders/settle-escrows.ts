import { eachLimited } from '../../lib/each-limited';
import { beginRefund, beginRelease, settle, type SettlementDeps } from './settlement';

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
  expired: number;
  settled: number;
  pending: number;
}

/**
 * The settlement schedule (decision 025, "funds never stuck"): a delivered order's escrow is released once its
 * inspection period ends (decision 052); an escrow still open at its CancelAfter goes back to the buyer (nothing
 * released it); refunds whose time has come and releases under way are followed to the ledger's
 * answer. Every step is conditional, so two runs at once or a run after a crash end each escrow once.
 */
export async function settleEscrows(deps: SettlementDeps): Promise<SettleEscrowsRun> {
  const run: SettleEscrowsRun = { inspected: 0, expired: 0, settled: 0, pending: 0 };
  const now = deps.clock.now().toISOString();
  for (const order of await deps.orders.dueIn('delivered', now, BATCH)) {
    if (await beginRelease(order, 'delivered', deps)) run.inspected++;
  }
  for (const status of ['funded', 'shipped'] as const) {
    for (const order of await deps.orders.dueIn(status, now, BATCH)) {
      if (await beginRefund(order, 'expired', deps)) run.expired++;
    }
  }
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
