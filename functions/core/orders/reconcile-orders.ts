import type { LedgerGateway } from '../ledger/ports';
import type { OrderRecord, OrderStatus } from './order';
import type { SettlementDeps } from './settlement';

const ANY_TIME = '9999-12-31T23:59:59.999Z';
/** Orders whose escrow should still be on the ledger, or is being ended. */
const NOT_FINAL: readonly OrderStatus[] = ['funded', 'shipped', 'delivered', 'releasing', 'refunding'];

export interface ReconcileDeps extends SettlementDeps {
  ledger: SettlementDeps['ledger'] & Pick<LedgerGateway, 'escrowEnding'>;
}

export interface ReconcileRun {
  checked: number;
  /** Orders our records disagreed with the ledger about. */
  drift: number;
  repaired: number;
}

/**
 * Ledger truth wins (decision 025): each order that is not final is compared with the ledger.
 * An escrow still there is as expected; one that is gone was ended by a validated EscrowFinish or EscrowCancel, found
 * among the buyer's transactions, and the order is set to what happened (completed or refunded) with that
 * transaction's hash. Anything else is drift with no repair: logged as an error for a person to look at.
 */
export async function reconcileOrders(deps: ReconcileDeps, limitPerStatus = 1_000): Promise<ReconcileRun> {
  const run: ReconcileRun = { checked: 0, drift: 0, repaired: 0 };
  for (const status of NOT_FINAL) {
    for (const order of await deps.orders.dueIn(status, ANY_TIME, limitPerStatus)) {
      run.checked++;
      const outcome = await reconcileOne(order, deps);
      if (outcome !== 'ok') run.drift++;
      if (outcome === 'repaired') run.repaired++;
    }
  }
  return run;
}

async function reconcileOne(order: OrderRecord, deps: ReconcileDeps): Promise<'ok' | 'repaired' | 'unexplained'> {
  const created = order.escrowCreate;
  if (!created) {
    deps.log.error('reconcile: funded order without its EscrowCreate', { orderId: order.orderId });
    return 'unexplained';
  }
  const owner = order.escrow.buyerAddress;
  if (await deps.ledger.escrow(owner, created.sequence)) return 'ok';
  const ending = await deps.ledger.escrowEnding(owner, created.sequence, created.ledgerIndex ?? 1);
  if (!ending) {
    deps.log.error('reconcile: escrow gone without a known ending', { orderId: order.orderId });
    return 'unexplained';
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
