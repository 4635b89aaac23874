import { ORDER_WITHDRAWN } from '../../../shared/api/orders';
import { formatUsd } from '../../../shared/domain/money';
import { AppError, NotFoundError } from '../../lib/errors';
import type { LedgerGateway } from '../ledger/ports';
import { SIGNING_SCHEDULE } from '../signing/poll-signing';
import type { SignerGateway } from '../signing/ports';
import type { SigningQueue, SigningRequestStore } from '../signing/requests';
import { escrowCreateTx, type TokenIssue } from './escrow-create';
import { escrowUnavailable, type EscrowReadiness } from './escrow-readiness';
import type { OrderRecord, OrderSigning } from './order';
import type { OrderRepository } from './order-store';
import { cancelOrder, type CancelOrderDeps } from './settle-escrow';

/** A wallet request to fund an order lapses after 5 minutes, as the signing poll does (60 checks, 5 s apart). */
export const ESCROW_SIGN_EXPIRE_MINUTES = 5;
/** The units stay reserved this long past the request's expiry (Xaman lets a request opened in time finish). */
export const SIGNING_GRACE_MS = 2 * 60_000;

/**
 * How long the wallet request may stay open, in minutes. A checkout's hold is limited (decision 041), so its request
 * must end, grace included, within the hold; with less than a minute of that left the hold is too short to sign in.
 * An auction's order (no hold) gets the whole 5 minutes.
 */
export function signingMinutes(order: Pick<OrderRecord, 'hold' | 'reservationExpiresAt'>, now: Date): number {
  if (!order.hold) return ESCROW_SIGN_EXPIRE_MINUTES;
  const left = Math.floor((Date.parse(order.reservationExpiresAt) - SIGNING_GRACE_MS - now.getTime()) / 60_000);
  if (left < 1) {
    throw new AppError(
      'invalid_state',
      'hold_ending',
      'This checkout ends in under 3 minutes, too soon to sign for it. Check out again once it has ended.',
    );
  }
  return Math.min(ESCROW_SIGN_EXPIRE_MINUTES, left);
}

export interface EscrowSigningDeps {
  orders: OrderRepository;
  signer: Pick<SignerGateway, 'create' | 'cancel'>;
  store: SigningRequestStore;
  queue: SigningQueue;
  readiness: EscrowReadiness;
  ledger: Pick<LedgerGateway, 'rlusdLine'>;
  rlusd: TokenIssue;
  now: () => Date;
}

/** The buyer's own order, or 404 (another user's orders do not exist for them). */
export async function buyersOrder(orders: Pick<OrderRepository, 'get'>, userId: string, orderId: string) {
  const order = await orders.get(orderId);
  if (!order || order.buyerId !== userId) throw new NotFoundError('Order not found');
  return order;
}

function instruction(order: OrderRecord): string {
  const items = order.lines.length === 1 ? order.lines[0]!.title : `${order.lines.length} items`;
  const until = order.escrow.cancelAfter.slice(0, 10);
  return (
    `Pay ${formatUsd(order.totalCents)} RLUSD into escrow for ${items} from ${order.sellerUsername}. ` +
    `It goes to the seller only on delivery or your pickup; otherwise it can return to you after ${until}.`
  );
}

function notAwaiting(order: OrderRecord): AppError {
  if (order.status === 'awaiting_payment')
    return new AppError('invalid_state', 'order_awaiting_payment', 'This order is waiting for payment.');
  if (order.status !== 'awaiting_signature' && order.status !== 'submitting' && order.status !== 'cancelled')
    return new AppError('invalid_state', 'order_paid', 'This order is already paid into escrow.');
  if (order.status === 'submitting')
    return new AppError('invalid_state', 'order_submitting', 'This payment is being confirmed on the ledger.');
  if (order.cancelReason === 'withdrawn') return new AppError('invalid_state', 'order_cancelled', ORDER_WITHDRAWN);
  return new AppError('invalid_state', 'order_cancelled', 'This order was cancelled. Check out again to buy these items.');
}

/**
 * Spec part 2 "Escrow creation" step 1: the wallet request for the buyer to sign this order's EscrowCreate. One per
 * order: asking again returns the same request while it is open. The escrow's terms come from the order, never from
 * the browser; the readiness and balance checks run again, as time has passed since checkout.
 */
export async function requestEscrowSignature(
  userId: string,
  orderId: string,
  deps: EscrowSigningDeps,
): Promise<OrderSigning & { orderId: string }> {
  const order = await buyersOrder(deps.orders, userId, orderId);
  if (order.status !== 'awaiting_signature') throw notAwaiting(order);
  const now = deps.now();
  if (order.signing) {
    if (Date.parse(order.signing.expiresAt) > now.getTime()) return { ...order.signing, orderId };
    throw new AppError('invalid_state', 'signing_expired', 'Transaction signing timed out. Please try again.');
  }
  if (Date.parse(order.reservationExpiresAt) <= now.getTime()) {
    throw new AppError('invalid_state', 'reservation_expired', 'This checkout has expired. Check out again to buy these items.');
  }
  const minutes = signingMinutes(order, now);
  const problem = await deps.readiness.check(order.escrow.buyerAddress, [order.escrow.sellerAddress]);
  if (problem) throw escrowUnavailable(problem);
  const balance = (await deps.ledger.rlusdLine(order.escrow.buyerAddress))?.balanceCents ?? 0;
  if (balance < order.totalCents) {
    throw new AppError(
      'invalid_state',
      'insufficient_balance',
      `Insufficient balance. You need ${formatUsd(order.totalCents - balance)} more to complete this purchase.`,
    );
  }

  const created = await deps.signer.create({
    txjson: escrowCreateTx(order, deps.rlusd),
    options: { expireMinutes: minutes },
    customMeta: { identifier: `order-${order.orderId}`, instruction: instruction(order) },
  });
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  const signing: OrderSigning = {
    uuid: created.uuid,
    signUrl: created.signUrl,
    qrPngUrl: created.qrPngUrl,
    expiresAt: expiresAt.toISOString(),
  };
  await deps.store.create({
    uuid: created.uuid,
    purpose: 'escrow-create',
    status: 'pending',
    clientSecretHash: '',
    subjectId: order.orderId,
    createdAt: now.toISOString(),
    expiresAt: signing.expiresAt,
    attempts: 0,
    lastCheckedAt: null,
    lastMessageId: null,
    completedAt: null,
    account: null,
  });
  const holdUntil = new Date(Math.max(Date.parse(order.reservationExpiresAt), expiresAt.getTime() + SIGNING_GRACE_MS));
  if (!(await deps.orders.setSigning(order.orderId, signing, holdUntil.toISOString()))) {
    // Another request for this order won the race: keep theirs, withdraw ours.
    await deps.signer.cancel(created.uuid);
    const winner = await deps.orders.get(order.orderId);
    if (winner?.signing && winner.status === 'awaiting_signature') return { ...winner.signing, orderId };
    throw notAwaiting(winner ?? order);
  }
  await deps.queue.enqueue(
    { uuid: created.uuid, purpose: 'escrow-create', attempt: 1 },
    SIGNING_SCHEDULE.firstCheckDelaySeconds,
  );
  return { ...signing, orderId };
}

export interface CancelSigningDeps extends CancelOrderDeps {
  orders: Pick<OrderRepository, 'get' | 'cancel' | 'backToPayment'>;
  signer: Pick<SignerGateway, 'cancel'>;
  /** Reads the request from the wallet service now and settles the order by it. */
  checkNow: (uuid: string) => Promise<unknown>;
}

/**
 * The buyer withdraws the open wallet request of an order awaiting signature: the wallet service cancels it unless it
 * was opened meanwhile (then the buyer rejects it there), and the order settles by what the request now is (cancelled:
 * the units go back; signed just before: it is funded). An order no wallet request was made for is withdrawn itself
 * (cancelled as 'withdrawn', its units back; an auction's back to payment). Should a request be made at that very
 * moment, nothing is lost: settlement only submits for an order still awaiting signature.
 */
export async function cancelEscrowSignature(userId: string, orderId: string, deps: CancelSigningDeps) {
  const order = await buyersOrder(deps.orders, userId, orderId);
  if (order.status === 'awaiting_signature' && !order.signing) return cancelOrder(order, 'withdrawn', deps);
  if (order.status !== 'awaiting_signature' || !order.signing) throw notAwaiting(order);
  const { reason } = await deps.signer.cancel(order.signing.uuid);
  if (reason === 'already_opened') {
    throw new AppError('invalid_state', 'signing_opened', 'The request is open in your wallet: reject it there to cancel.');
  }
  await deps.checkNow(order.signing.uuid);
}
