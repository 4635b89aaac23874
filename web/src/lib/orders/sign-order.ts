import { toast } from 'sonner';
import type { EscrowSigning, Order } from '../../../../shared/api/orders';
import { cancelEscrowSigning, requestEscrowSigning } from '../../domains/orders/api';
import { ApiError } from '../api-error';
import { SIGNING_TEXTS } from '../signing-texts';
import { awaitedEnd, type SigningEnd, type SigningFollow } from '../signing/follow-signing';
import { isSettled, orderFollow } from './follow-order';
import { cancelReasonText } from '../../domains/orders/order-display';

/** The signing dialog's state: which order, its wallet request, and how the dialog follows it. */
export interface SigningStep {
  order: Order;
  signing: EscrowSigning;
  /** Its place among the orders being signed now (0-based) and how many there are. */
  index: number;
  total: number;
  /** Cancel's answer found it signed already (following says so by itself otherwise). */
  signed: boolean;
  /** The order, followed by the dialog until it is funded or cancelled; `onEnd` tells signOrder how it ended. */
  follow: SigningFollow<Order>;
  onEnd(end: SigningEnd<Order>): void;
  /**
   * The dialog's Cancel: withdraws the wallet request (DELETE .../escrow-signing). Withdrawn, the order ends cancelled
   * and the signing ends as a rejection in the wallet would.
   */
  cancel(): Promise<CancelAnswer>;
}

/** What Cancel achieved: withdrawn (the order is settling), the wallet has the request open already, or a failure. */
export type CancelAnswer =
  { kind: 'withdrawn' } | { kind: 'opened'; message: string } | { kind: 'failed'; message: string };

export type SignOrderResult = 'funded' | 'failed' | 'stopped';

export const ESCROW_TEXTS = {
  timeout: SIGNING_TEXTS.timeout,
  statusFailed: 'Failed to check escrow status',
  /** 409 signing_opened: the wallet opened the request, so only rejecting it there cancels it. */
  signingOpened: 'The request is open in your wallet: reject it there to cancel.',
  cancelFailed: 'Failed to cancel the escrow request. Please try again.',
} as const;

/** The server's codes for an escrow that can't be made now ('Escrow Not Available' with the server's text). */
const ESCROW_NOT_AVAILABLE = new Set([
  'FEATURE_NOT_ENABLED',
  'escrow_not_available',
  'seller_cannot_receive',
  'buyer_no_rlusd',
]);

export function isEscrowNotAvailable(error: unknown): error is ApiError {
  return error instanceof ApiError && ESCROW_NOT_AVAILABLE.has(error.code);
}

/** A signing request that could not be made. */
export function escrowRequestErrorToast(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    // The session ended meanwhile (spec part 2 "Escrow" errors).
    toast.error('Authentication Required', { description: 'Please connect your wallet to create an escrow' });
    return;
  }
  if (isEscrowNotAvailable(error)) {
    toast.error('Escrow Not Available', { description: error.message });
    return;
  }
  const message =
    error instanceof ApiError && error.code !== 'bad_response' ? error.message : 'Failed to create the escrow request';
  toast.error('Escrow Creation Failed', { description: message });
}

/**
 * The toast of an order that ended cancelled while its buyer was signing (spec part 2 "Escrow creation" outcomes).
 * `withdrawn`: the buyer cancelled the request with the dialog's Cancel rather than rejecting it in the wallet.
 */
export function cancelledOrderToast(order: Pick<Order, 'cancelReason' | 'seller'>, withdrawn = false): void {
  switch (order.cancelReason) {
    case 'signing_cancelled':
      toast.error(SIGNING_TEXTS.cancelled, {
        description: withdrawn
          ? `The escrow request for ${order.seller.username} was cancelled. No escrow was created.`
          : `The escrow for ${order.seller.username} was rejected in Xaman and not created.`,
      });
      return;
    case 'signing_expired':
      toast.error(SIGNING_TEXTS.expired, {
        description: `The escrow request for ${order.seller.username} expired before it was signed.`,
      });
      return;
    default:
      toast.error('Escrow Creation Failed', {
        description: cancelReasonText(order.cancelReason) ?? 'The escrow was not created.',
      });
  }
}

export interface SignOrderOptions {
  order: Order;
  index: number;
  total: number;
  token: string;
  userId: string;
  signal: AbortSignal;
  /** The signing dialog's state (a React state setter). The caller closes the dialog when it is done. */
  onStep(step: SigningStep | ((current: SigningStep | null) => SigningStep | null)): void;
}

/**
 * One order's escrow (spec part 2 "Escrow creation"): the wallet request of its EscrowCreate (its own
 * Idempotency-Key; the server answers with the open request while there is one), shown in the signing dialog, which
 * follows the order until it is funded or cancelled. The request made ('Escrow Payload Created'), the escrow created and
 * failures are toasted here.
 */
export async function signOrder({
  order,
  index,
  total,
  token,
  userId,
  signal,
  onStep,
}: SignOrderOptions): Promise<SignOrderResult> {
  let signing: EscrowSigning;
  try {
    signing = await requestEscrowSigning(token, order.id, signal);
  } catch (error) {
    if (signal.aborted) return 'stopped';
    escrowRequestErrorToast(error);
    return 'failed';
  }
  toast.success('Escrow Payload Created', { description: `Sign the escrow for ${order.seller.username} in Xaman.` });
  // Signing ends when the dialog's follow does, when Cancel has settled the order itself, or the page goes away; a
  // Cancel still under way then is dropped.
  const cancelling = new AbortController();
  const { ended, end: settle } = awaitedEnd<Order>(signal);
  let withdrawn = false;
  const toSubmitting = (o: Order) =>
    onStep((s) => (s && s.order.id === o.id && o.status === 'submitting' ? { ...s, signed: true } : s));

  const cancel = async (): Promise<CancelAnswer> => {
    try {
      const answered = await cancelEscrowSigning(token, order.id, cancelling.signal);
      if (isSettled(answered)) {
        withdrawn = answered.status === 'cancelled';
        settle({ kind: 'over', value: answered });
      } else if (answered.status === 'submitting') {
        // Signed just before: the escrow is being created after all.
        toSubmitting(answered);
      } else return { kind: 'failed', message: ESCROW_TEXTS.cancelFailed };
      return { kind: 'withdrawn' };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'signing_opened') {
        return { kind: 'opened', message: ESCROW_TEXTS.signingOpened };
      }
      // Paid, being confirmed or cancelled meanwhile (409 with the server's words): following tells the rest.
      const known = error instanceof ApiError && error.status === 409;
      if (!known && !cancelling.signal.aborted) console.warn('Cancelling the signing request failed', error);
      return { kind: 'failed', message: known ? error.message : ESCROW_TEXTS.cancelFailed };
    }
  };

  onStep({
    order,
    signing,
    index,
    total,
    signed: false,
    follow: { ...orderFollow({ orderId: order.id, userId, token }), key: signing.uuid },
    onEnd: settle,
    cancel,
  });
  const outcome = await ended;
  cancelling.abort();
  if (signal.aborted) return 'stopped';
  switch (outcome.kind) {
    case 'stopped':
      return 'stopped';
    case 'timeout':
      toast.error(ESCROW_TEXTS.timeout[0], { description: ESCROW_TEXTS.timeout[1] });
      return 'failed';
    case 'error':
      console.warn('Following the order failed', outcome.error);
      toast.error('Escrow Creation Failed', { description: ESCROW_TEXTS.statusFailed });
      return 'failed';
    case 'over':
      if (outcome.value.status === 'funded') {
        toast.success('Escrow Created', {
          description: `${order.seller.username} is paid from the escrow once the item is delivered or picked up.`,
        });
        return 'funded';
      }
      cancelledOrderToast(outcome.value, withdrawn);
      return 'failed';
    default:
      // An order's follow has no request topic: nothing else ends it.
      return 'failed';
  }
}
