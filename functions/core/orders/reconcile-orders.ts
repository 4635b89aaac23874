import type { LedgerGateway } from '../ledger/ports';
import type { DriftKind, OrderRecord, OrderStatus } from './order';
import type { SettlementDeps } from './settlement';

const ANY_TIME = '9999-12-31T23:59:59.999Z';
/** Orders whose escrow should still be on the ledger, or is being ended. */
const NOT_FINAL: readonly OrderStatus[] = ['funded', 'shipped', 'delivered', 'releasing', 'refunding'];

/**
 * Drift marked on the order (decision 065), each write conditional on the status and the drift as read, so two runs
 * (or a run beside the settlement) change it once. Marking moves no monitor counter: a drifted order stays in its bucket.
 */
export interface DriftMarks {
  /** Marks `kind` found `at` on an order still in the status read and not already marked with it; false otherwise. */
  mark(order: OrderRecord, kind: DriftKind, at: string): Promise<boolean>;
  /** Clears the drift read on `order` if it is still there and the status unchanged; false otherwise. */
  clear(order: OrderRecord): Promise<boolean>;
}

export interface ReconcileDeps extends SettlementDeps {
  ledger: SettlementDeps['ledger'] & Pick<LedgerGateway, 'escrowEnding'>;
  drift: DriftMarks;
}

export interface ReconcileRun {
  checked: number;
  /** Orders our records disagreed with the ledger about. */
  drift: number;
  repaired: number;
  /** Orders newly marked as drifted, and marks cleared from orders found consistent again. */
  marked: number;
  cleared: number;
}

type Outcome = 'ok' | 'repaired' | DriftKind;

/**
 * Ledger truth wins (decision 025): each order that is not final is compared with the ledger.
 * An escrow still there is as expected; one that is gone was ended by a validated EscrowFinish or EscrowCancel, found
 * among the buyer's transactions, and the order is set to what happened (completed or refunded) with that
 * transaction's hash (the completion clears any drift marked before). Anything else is drift with no repair: logged
 * as an error and marked on the order (decision 065), so the escrow monitor shows it as stuck until a later run finds
 * the escrow where it should be, or its settlement ends it.
 */
export async function reconcileOrders(deps: ReconcileDeps, limitPerStatus = 1_000): Promise<ReconcileRun> {
  const run: ReconcileRun = { checked: 0, drift: 0, repaired: 0, marked: 0, cleared: 0 };
  for (const status of NOT_FINAL) {
    for (const order of await deps.orders.dueIn(status, ANY_TIME, limitPerStatus)) {
      run.checked++;
      const outcome = await reconcileOne(order, deps);
      if (outcome !== 'ok') run.drift++;
      if (outcome === 'repaired') run.repaired++;
      const change = driftChange(order, outcome);
      if (change === 'mark' && (await deps.drift.mark(order, outcome as DriftKind, deps.clock.now().toISOString()))) {
        run.marked++;
      }
      if (change === 'clear' && (await deps.drift.clear(order))) run.cleared++;
    }
  }
  return run;
}

/**
 * What a run's outcome does to the drift marked on the order: drift not marked yet (or of another kind) is marked; a
 * mark on an order found consistent is cleared. A repair needs neither: its status change clears the mark.
 */
export function driftChange(order: Pick<OrderRecord, 'drift'>, outcome: Outcome): 'mark' | 'clear' | null {
  if (outcome === 'repaired') return null;
  if (outcome === 'ok') return order.drift ? 'clear' : null;
  return order.drift?.kind === outcome ? null : 'mark';
}

async function reconcileOne(order: OrderRecord, deps: ReconcileDeps): Promise<Outcome> {
  const created = order.escrowCreate;
  if (!created) {
    deps.log.error('reconcile: funded order without its EscrowCreate', { orderId: order.orderId });
    return 'escrow_create_missing';
  }
  const owner = order.escrow.buyerAddress;
  if (await deps.ledger.escrow(owner, created.sequence)) return 'ok';
  const ending = await deps.ledger.escrowEnding(owner, created.sequence, created.ledgerIndex ?? 1);
  if (!ending) {
    deps.log.error('reconcile: escrow gone without a known ending', { orderId: order.orderId });
    return 'escrow_gone';
  }
  const repaired: OrderRecord = {
    ...order,
    settlement: {
      kind: ending.kind,
      txid: ending.txid,
      blob: order.settlement?.txid === ending.txid ? order.settlement.blob : '',
      sequence: order.settlement?.txid === ending.txid ? order.settlement.sequence : 0,
      lastLedgerSequence: order.settlement?.txid === ending.txid ? order.settlement.lastLedgerSequence : 0,
      submittedAt: order.settlement?.submittedAt ?? deps.clock.now().toISOString(),
      ledgerIndex: ending.ledgerIndex,
    },
  };
  const at = deps.clock.now();
  const done =
    ending.kind === 'finish'
      ? await deps.orders.markCompleted(repaired, ending.ledgerIndex, at.toISOString())
      : await deps.orders.markRefunded(repaired, ending.ledgerIndex, at.toISOString());
  if (!done) return 'ok';
  deps.log.warn('reconcile: order repaired from the ledger', {
    orderId: order.orderId,
    was: order.status,
    ended: ending.kind,
    txid: ending.txid,
  });
  await deps.events.changed({ ...repaired, status: ending.kind === 'finish' ? 'completed' : 'refunded' }, at);
  return 'repaired';
}
