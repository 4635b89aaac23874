import type { Clock } from '../clock/clock';
import type { LedgerGateway } from '../ledger/ports';
import type { SignerGateway } from '../signing/ports';
import type { SigningRequestRecord } from '../signing/requests';
import { afterFailedSigning } from './auction-payment';
import { escrowCreateTx, escrowSequenceOf, type TokenIssue } from './escrow-create';
import type { CancelReason, OrderRecord } from './order';
import type { OrderRepository, SoldOutListings } from './order-store';

export interface OrderEvents {
  /** The order reached `status` (funded or cancelled): both parties' pages update, the seller is notified. */
  changed(order: OrderRecord, at: Date): Promise<void>;
}

export interface SettleDeps {
  orders: OrderRepository;
  soldOut: SoldOutListings;
  carts: { remove(userId: string, listingIds: readonly string[]): Promise<void> };
  signer: Pick<SignerGateway, 'get'>;
  ledger: Pick<LedgerGateway, 'verifySignedBlob' | 'submitAndWait'>;
  rlusd: TokenIssue;
  events: OrderEvents;
  log: { warn(message: string, fields: Record<string, unknown>): void };
  clock: Clock;
}

/** How often a submitted EscrowCreate is looked for: a funded order shows within a close and a quarter second. */
const SUBMIT_POLL_MS = 250;

/** What cancelling an order needs: the two transitions it may take and the announcement. */
export type CancelOrderDeps = Pick<SettleDeps, 'events' | 'clock'> & {
  orders: Pick<OrderRepository, 'cancel' | 'backToPayment'>;
};

/** Cancels an order and gives its units back, once (conditional on its status); an auction's goes back to payment. */
export async function cancelOrder(order: OrderRecord, reason: CancelReason, deps: CancelOrderDeps): Promise<void> {
  const at = deps.clock.now();
  // An auction's order goes back to awaiting payment: its winner may try again while the window is open.
  if (afterFailedSigning(order) === 'awaiting_payment') {
    if (await deps.orders.backToPayment(order, at.toISOString())) {
      await deps.events.changed({ ...order, status: 'awaiting_payment', signing: null, escrowCreate: null }, at);
    }
    return;
  }
  if (await deps.orders.cancel(order, reason, at.toISOString())) {
    await deps.events.changed({ ...order, status: 'cancelled', cancelReason: reason }, at);
  }
}

/**
 * Submits the order's recorded EscrowCreate (again, after a crash: the ledger answers a resubmitted blob with the
 * first outcome) and records what the validated ledger says. A `timeout` leaves the order submitting for a retry.
 */
export async function submitRecorded(order: OrderRecord, deps: SettleDeps): Promise<void> {
  const recorded = order.escrowCreate!;
  const outcome = await deps.ledger.submitAndWait(recorded.blob, { timeoutMs: 20_000, pollMs: SUBMIT_POLL_MS });
  switch (outcome.status) {
    case 'success': {
      const at = deps.clock.now();
      if (!(await deps.orders.markFunded(order, outcome.ledgerIndex, at.toISOString()))) return;
      const funded: OrderRecord = {
        ...order,
        status: 'funded',
        fundedAt: at.toISOString(),
        escrowCreate: { ...recorded, ledgerIndex: outcome.ledgerIndex },
      };
      const listingIds = order.lines.map((l) => l.listingId);
      await deps.soldOut.markSoldOut(listingIds);
      await deps.carts.remove(order.buyerId, listingIds);
      await deps.events.changed(funded, at);
      return;
    }
    case 'failed':
    case 'rejected':
      deps.log.warn('escrow create did not apply', { orderId: order.orderId, txid: outcome.txid, code: outcome.code });
      return cancelOrder(order, 'ledger_failed', deps);
    case 'expired':
      deps.log.warn('escrow create expired unapplied', { orderId: order.orderId, txid: outcome.txid });
      return cancelOrder(order, 'ledger_failed', deps);
    case 'timeout':
      throw new Error(`escrow create ${outcome.txid} of order ${order.orderId} not validated yet`);
  }
}

/**
 * What an escrow-create request's outcome does to its order (decision 023). Signed: the blob is fetched from
 * the wallet service with our secret (never taken from a browser), checked to be exactly the EscrowCreate asked for,
 * its hash recorded, then submitted; the order is funded only from a validated ledger. Cancelled, expired or timed
 * out: the order is cancelled and its units go back (an auction's order goes back to awaiting payment). Idempotent:
 * every step is conditional on the order's status.
 */
export async function settleEscrowSigning(
  record: Pick<SigningRequestRecord, 'uuid' | 'purpose' | 'subjectId' | 'status'>,
  deps: SettleDeps,
): Promise<void> {
  if (record.purpose !== 'escrow-create' || !record.subjectId || record.status === 'pending') return;
  let order = await deps.orders.get(record.subjectId);
  if (!order || order.signing?.uuid !== record.uuid) return;
  if (order.status === 'awaiting_signature') {
    if (record.status !== 'signed') {
      return cancelOrder(order, record.status === 'cancelled' ? 'signing_cancelled' : 'signing_expired', deps);
    }
    const state = await deps.signer.get(record.uuid);
    const blob = state?.response?.hex;
    if (!blob) return cancelOrder(order, 'signing_expired', deps);
    const verdict = await deps.ledger.verifySignedBlob(blob, escrowCreateTx(order, deps.rlusd));
    const sequence = verdict.ok ? escrowSequenceOf(verdict.tx) : undefined;
    if (!verdict.ok || sequence === undefined) {
      const reason = verdict.ok ? 'The blob uses a TicketSequence, not a Sequence, for the escrow' : verdict.reason;
      deps.log.warn('signed escrow refused', { orderId: order.orderId, reason });
      return cancelOrder(order, 'blob_refused', deps);
    }
    const escrowCreate = {
      txid: verdict.txid,
      blob,
      sequence,
      submittedAt: deps.clock.now().toISOString(),
      ledgerIndex: null,
    };
    if (await deps.orders.startSubmitting(order.orderId, escrowCreate, escrowCreate.submittedAt)) {
      order = { ...order, status: 'submitting', escrowCreate };
    } else {
      order = await deps.orders.get(order.orderId);
      if (!order) return;
    }
  }
  if (order.status === 'submitting') await submitRecorded(order, deps);
}
