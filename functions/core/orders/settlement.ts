import type { Clock } from '../clock/clock';
import type { LedgerGateway, PlatformAccount } from '../ledger/ports';
import { escrowFinishTx } from './escrow-create';
import type { FulfillmentVault } from './fulfillment-vault';
import { isEscrowOpen, type OrderRecord, type RefundReason, type ReleaseReason, type Settlement } from './order';
import type { OrderRepository } from './order-store';
import type { OrderEvents } from './settle-escrow';

/**
 * How a funded escrow ends, exactly once (decision 025). A release or refund first records its
 * intent (the order leaves funded/shipped: a release and a refund that race can't both win), then the platform's
 * account prepares the EscrowFinish or EscrowCancel, its hash and blob are recorded before it is submitted, and only a
 * validated ledger moves the order to completed or refunded. Every step is conditional on what the order was, so a job
 * delivered three times, a crash between submit and record, or two workers at once end one escrow once.
 */
export interface SettlementDeps {
  orders: OrderRepository;
  ledger: Pick<LedgerGateway, 'submitAndWait' | 'escrow'>;
  platform: PlatformAccount;
  vault: Pick<FulfillmentVault, 'open'>;
  events: OrderEvents;
  log: {
    warn(message: string, fields: Record<string, unknown>): void;
    error(message: string, fields: Record<string, unknown>): void;
  };
  clock: Clock;
}

/** How long after CancelAfter a cancel is first tried: the ledger compares with its last close, not our clock. */
const CANCEL_MARGIN_MS = 15_000;

export type SettleOutcome = 'completed' | 'refunded' | 'pending' | 'not_due' | 'none';

/** Starts the release of an open escrow (parcel delivered, or the seller approved the pickup); false if it wasn't open. */
export async function beginRelease(order: OrderRecord, reason: ReleaseReason, deps: SettlementDeps): Promise<boolean> {
  if (!isEscrowOpen(order.status)) return false;
  return deps.orders.beginRelease(order.orderId, order.status, reason, deps.clock.now().toISOString());
}

/**
 * Starts returning an open escrow to the buyer. Its fulfillment is destroyed in the same write, so nothing can release
 * it any more; the ledger then lets anyone cancel it after CancelAfter. From `releasing` only once CancelAfter has
 * passed (a release the ledger refused as too late).
 */
export async function beginRefund(order: OrderRecord, reason: RefundReason, deps: SettlementDeps): Promise<boolean> {
  const from = order.status;
  if (!isEscrowOpen(from) && from !== 'releasing') return false;
  if (from === 'releasing' && Date.parse(order.escrow.cancelAfter) > deps.clock.now().getTime()) return false;
  return deps.orders.beginRefund(order, from, order.settlement?.txid ?? null, reason, deps.clock.now().toISOString());
}

function settlementTx(order: OrderRecord, fulfillment: string | null) {
  const [owner, sequence] = [order.escrow.buyerAddress, order.escrowCreate!.sequence];
  return fulfillment
    ? escrowFinishTx(owner, sequence, order.escrow.condition, fulfillment)
    : { TransactionType: 'EscrowCancel', Owner: owner, OfferSequence: sequence };
}

/** The order's fulfillment to finish with; past CancelAfter, when it can't be opened, null (refund instead). */
async function openFulfillment(order: OrderRecord, deps: SettlementDeps): Promise<string | null> {
  try {
    return await deps.vault.open(order.escrow.sealedFulfillment, order.orderId);
  } catch (error) {
    // Before CancelAfter the vault may come back in time. After it the escrow can only go back to the buyer, which
    // needs no fulfillment: waiting for the vault would leave the funds locked as long as it fails (for good if the
    // key is gone).
    if (Date.parse(order.escrow.cancelAfter) > deps.clock.now().getTime()) throw error;
    deps.log.warn('fulfillment unavailable past CancelAfter, refunding', {
      orderId: order.orderId,
      error: String(error),
    });
    return null;
  }
}

/** Prepares and records a new finish or cancel when there is none or the last one can no longer apply. */
async function recordNew(order: OrderRecord, deps: SettlementDeps): Promise<OrderRecord | null> {
  const kind = order.status === 'releasing' ? 'finish' : 'cancel';
  const fulfillment = kind === 'finish' ? await openFulfillment(order, deps) : null;
  if (kind === 'finish' && fulfillment === null) {
    await beginRefund(order, 'expired', deps);
    return deps.orders.get(order.orderId);
  }
  const prepared = await deps.platform.prepare(settlementTx(order, fulfillment));
  const settlement: Settlement = { kind, ...prepared, submittedAt: deps.clock.now().toISOString(), ledgerIndex: null };
  if (await deps.orders.recordSettlement(order.orderId, order.status, order.settlement?.txid ?? null, settlement)) {
    return { ...order, settlement };
  }
  return deps.orders.get(order.orderId);
}

async function finishOrder(order: OrderRecord, ledgerIndex: number, deps: SettlementDeps): Promise<SettleOutcome> {
  const at = deps.clock.now();
  const done =
    order.status === 'releasing'
      ? await deps.orders.markCompleted(order, ledgerIndex, at.toISOString())
      : await deps.orders.markRefunded(order, ledgerIndex, at.toISOString());
  const status = order.status === 'releasing' ? 'completed' : 'refunded';
  if (done) await deps.events.changed({ ...order, status }, at);
  return status;
}

/**
 * Drives a releasing or refunding order to its end: (re)submits its recorded transaction, or records a new one when
 * the last can no longer apply (its LastLedgerSequence passed, or the ledger refused it). A cancel is not tried before
 * CancelAfter. Throws when the outcome is not known yet, so the caller's job runs again.
 */
export async function settle(start: OrderRecord, deps: SettlementDeps): Promise<SettleOutcome> {
  let order: OrderRecord | null = start;
  for (let attempt = 0; attempt < 3 && order; attempt++) {
    if (order.status !== 'releasing' && order.status !== 'refunding') return 'none';
    if (
      order.status === 'refunding' &&
      Date.parse(order.escrow.cancelAfter) + CANCEL_MARGIN_MS > deps.clock.now().getTime()
    ) {
      return 'not_due';
    }
    const expectedKind = order.status === 'releasing' ? 'finish' : 'cancel';
    if (!order.settlement || order.settlement.kind !== expectedKind) {
      order = await recordNew(order, deps);
      continue;
    }
    const outcome = await deps.ledger.submitAndWait(order.settlement.blob, { timeoutMs: 20_000, pollMs: 250 });
    switch (outcome.status) {
      case 'success':
        return finishOrder(order, outcome.ledgerIndex, deps);
      case 'timeout':
        throw new Error(`${order.settlement.kind} ${outcome.txid} of order ${order.orderId} not validated yet`);
      case 'failed':
        if (outcome.code === 'tecNO_TARGET') {
          // The escrow is gone: released or returned by another transaction. Reconcile reads which from the ledger.
          deps.log.warn('escrow already gone', { orderId: order.orderId, txid: outcome.txid });
          return 'pending';
        }
        if (order.status === 'releasing' && outcome.code === 'tecNO_PERMISSION') {
          // Past CancelAfter the ledger no longer lets it be finished: it goes back to the buyer.
          deps.log.warn('release too late, refunding', { orderId: order.orderId });
          if (await beginRefund(order, 'expired', deps)) order = await deps.orders.get(order.orderId);
          continue;
        }
        deps.log.error('settlement refused by the ledger', { orderId: order.orderId, code: outcome.code });
        order = await recordNew(order, deps);
        continue;
      case 'rejected':
      case 'expired':
        // Never applied (a sequence taken meanwhile, the ledger moved past it): prepare it again.
        order = await recordNew(order, deps);
        continue;
    }
  }
  return 'pending';
}
