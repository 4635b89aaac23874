import { toast } from 'sonner';
import type { Order } from '../../../../shared/api/orders';
import { formatUsd } from '../../../../shared/domain/money';
import { ApiError } from '../api-error';
import type { RealtimeSocket } from '../realtime/socket';
import { followOrder } from './follow-order';
import { followPayment, type PaymentFollow } from './follow-payment';
import { decidePickup, requestLabelPayment, requestPlatformFee, shipOrder } from '../../domains/orders/api';
import { orderDate } from '../../domains/orders/order-display';

type FeeAnswer = Awaited<ReturnType<typeof requestPlatformFee>>;

/** The wallet request of a seller's platform fee (a Payment to the platform, signed in Xaman). */
export type FeeSigning = Extract<FeeAnswer, { status: 'signing' }>;

/** The fee dialog's state: which order, its wallet request, how the dialog follows it, and Close (stop waiting here). */
export interface FeeStep extends PaymentFollow {
  order: Order;
  fee: FeeSigning;
}

/** What the seller does with a pending escrow (spec part 2 "Escrow status"). */
export type SellerAction =
  | { kind: 'ship'; trackingNumber: string }
  | { kind: 'label'; serviceType: string }
  | { kind: 'pickup'; decision: 'approve'; pickupCode: string }
  | { kind: 'pickup'; decision: 'reject' };

/**
 * How an action ended: done (the order as it is now), a tracking number the carrier refused or a pickup code the
 * server refused (each shown at its field), a failure (toasted here), or stopped (the page went away, or the fee
 * dialog was closed).
 */
export type SellerActionResult =
  | { kind: 'done'; order: Order }
  | { kind: 'tracking'; message: string }
  | { kind: 'pickupCode'; message: string }
  | { kind: 'failed' }
  | { kind: 'stopped' };

/** What the control shows while an action runs. */
export type SellerProgress = 'sending' | 'fee' | 'label' | 'releasing';

/** The spec's texts (error catalogues of parts 2 and 3, part 3 validation rules) and ours where the spec has none. */
export const SELLER_TEXTS = {
  feeRequired: 'Platform Fee Required',
  feeRequiredDescription: 'Pay the platform fee in Xaman to continue.',
  feePaid: 'Platform Fee Paid',
  feeCancelled: 'Platform fee payment was cancelled or expired',
  feeRequestFailed: 'Failed to create the platform fee request',
  shippingUpdated: 'Shipping Updated',
  completed: 'Escrow Completed',
  cancelled: 'Escrow Cancelled',
  completionFailed: 'Escrow Completion Failed',
  cancellationFailed: 'Escrow Cancellation Failed',
  statusFailed: 'Failed to check escrow status',
  trackingLabel: 'FedEx Tracking Number',
  trackingRequired: 'Please enter a tracking number',
  trackingTooLong: 'A tracking number has at most 40 characters',
  tryAgain: 'Please try again.',
  releaseSlow: 'The ledger has not confirmed the release yet. This page updates when it does.',
  pickupAsk: 'Ask the buyer for the pickup code shown on their purchase page, and enter it to release the payment.',
  pickupCodeLabel: 'Pickup Code',
  pickupCodeRequired: 'Please enter the pickup code',
  labelReady: 'Label Ready',
  labelFailed: 'Label Not Bought',
  labelFailedDescription: 'FedEx did not make the label. Enter a tracking number instead.',
  labelSlow: 'The label is still being made. This page updates when it is ready.',
} as const;

export const TRACKING_MAX_LENGTH = 40;

/** The carrier's answers about a tracking number, shown next to the field with the server's words. */
const TRACKING_CODES = new Set(['tracking_unknown', 'tracking_in_use', 'tracking_wrong_zip', 'tracking_returned']);

/** A tracking number as the server takes it: trimmed, not empty, at most 40 characters; else the message to show. */
export function checkTrackingNumber(input: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = input.trim();
  if (!value) return { ok: false, message: SELLER_TEXTS.trackingRequired };
  if (value.length > TRACKING_MAX_LENGTH) return { ok: false, message: SELLER_TEXTS.trackingTooLong };
  return { ok: true, value };
}

/** The carrier's (or the server's) refusal of a tracking number, to show at its field; null for any other failure. */
export function trackingRefusal(error: unknown): string | null {
  const atField =
    error instanceof ApiError &&
    (TRACKING_CODES.has(error.code) || (error.status === 400 && error.code !== 'bad_response'));
  return atField ? (error.fields?.trackingNumber ?? error.message) : null;
}

/** The server's answers about a pickup code (wrong, paused, none on the order), shown at the code's field. */
const PICKUP_CODE_CODES = new Set(['pickup_code_wrong', 'pickup_code_paused', 'pickup_code_missing']);

const isFeeRequired = (error: unknown) => error instanceof ApiError && error.code === 'platform_fee_required';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== 'bad_response' ? error.message : fallback;

const amountOf = (o: Order) => `${formatUsd(o.totalCents)} RLUSD`;

export interface SellerActionOptions {
  order: Order;
  action: SellerAction;
  token: string;
  userId: string;
  signal: AbortSignal;
  /** The fee dialog's state (a React state setter); null closes it. */
  onFee(step: FeeStep | null | ((current: FeeStep | null) => FeeStep | null)): void;
  onProgress?(progress: SellerProgress): void;
  /** Another socket than the page's (tests). */
  socket?: RealtimeSocket;
}

type FeeOutcome = 'paid' | 'failed' | 'stopped';

/**
 * The platform fee (spec part 2 "Escrow status": checked before the seller's action takes effect): the wallet request
 * (its own Idempotency-Key; the server answers with the open one while there is one) in the fee dialog, which follows
 * it (followPayment) until the ledger has validated the payment (`platformFee.paid`).
 */
async function payFee(opts: SellerActionOptions): Promise<FeeOutcome> {
  const { order, action, token, userId, signal, onFee } = opts;
  let answer: FeeAnswer;
  try {
    // A label is paid with the fee, in one Payment whose label cost the server quotes (decision 039).
    answer =
      action.kind === 'label'
        ? await requestLabelPayment(token, order.id, action.serviceType, signal)
        : await requestPlatformFee(token, order.id, signal);
  } catch (error) {
    if (signal.aborted) return 'stopped';
    if (!(error instanceof ApiError)) console.warn('Requesting the platform fee failed', error);
    toast.error(SELLER_TEXTS.completionFailed, { description: messageOf(error, SELLER_TEXTS.feeRequestFailed) });
    return 'failed';
  }
  if (answer.status === 'paid') return 'paid';
  const fee = answer;
  const end = await followPayment({
    orderId: order.id,
    userId,
    token,
    socket: opts.socket,
    signal,
    uuid: fee.uuid,
    until: (o) => o.platformFee?.paid === true || o.escrowStatus !== 'pending',
    show: (dialog) => onFee(dialog && { order, fee, ...dialog }),
    warning: 'Following the platform fee failed',
    onRefused: () => toast.error(SELLER_TEXTS.feeCancelled),
    onUnknown: () => toast.error(SELLER_TEXTS.completionFailed, { description: SELLER_TEXTS.statusFailed }),
  });
  if (end.kind !== 'over') return end.kind;
  if (end.order.platformFee?.paid) {
    toast.success(SELLER_TEXTS.feePaid, {
      description: `${formatUsd(fee.cents + fee.labelCents)} RLUSD was paid to the platform.`,
    });
    return 'paid';
  }
  toast.error(SELLER_TEXTS.completionFailed, { description: "Only a pending escrow takes the seller's actions." });
  return 'failed';
}

function send(opts: SellerActionOptions): Promise<Order> {
  const { order, action, token, signal } = opts;
  if (action.kind === 'ship') return shipOrder(token, order.id, action.trackingNumber, signal);
  if (action.kind === 'pickup') {
    const body =
      action.decision === 'approve'
        ? { decision: 'approve' as const, pickupCode: action.pickupCode }
        : { decision: 'reject' as const };
    return decidePickup(token, order.id, body, signal);
  }
  throw new Error('a label is bought with its payment, not sent');
}

/** A refused action: the carrier's answer about the number goes to the field, anything else is toasted. */
function refused(opts: SellerActionOptions, error: unknown): SellerActionResult {
  const { action } = opts;
  const tracking = action.kind === 'ship' ? trackingRefusal(error) : null;
  if (tracking !== null) return { kind: 'tracking', message: tracking };
  if (
    action.kind === 'pickup' &&
    action.decision === 'approve' &&
    error instanceof ApiError &&
    (PICKUP_CODE_CODES.has(error.code) || (error.status === 400 && error.code !== 'bad_response'))
  ) {
    return { kind: 'pickupCode', message: error.message };
  }
  if (!(error instanceof ApiError)) console.warn('The seller action failed', error);
  const title =
    action.kind === 'pickup' && action.decision === 'reject'
      ? SELLER_TEXTS.cancellationFailed
      : SELLER_TEXTS.completionFailed;
  toast.error(title, { description: messageOf(error, SELLER_TEXTS.tryAgain) });
  return { kind: 'failed' };
}

/** Waits for the platform to make a paid label (the order ships with it) and says how it ended. */
async function labelMade(opts: SellerActionOptions): Promise<SellerActionResult> {
  opts.onProgress?.('label');
  const outcome = await followOrder({
    orderId: opts.order.id,
    userId: opts.userId,
    token: opts.token,
    signal: opts.signal,
    socket: opts.socket,
    until: (o) => o.label?.status === 'bought' || o.label?.status === 'failed' || o.status !== 'funded',
  });
  if (outcome.kind === 'stopped') return { kind: 'stopped' };
  if (outcome.kind === 'timeout') {
    toast(SELLER_TEXTS.feePaid, { description: SELLER_TEXTS.labelSlow });
    return { kind: 'failed' };
  }
  if (outcome.kind === 'error') {
    console.warn('Following the label failed', outcome.error);
    toast.error(SELLER_TEXTS.labelFailed, { description: SELLER_TEXTS.statusFailed });
    return { kind: 'failed' };
  }
  const order = outcome.order;
  if (order.label?.status === 'bought') {
    toast.success(SELLER_TEXTS.labelReady, {
      description: `FedEx tracking number ${order.shipment.trackingNumber ?? ''}. Print the label and drop the parcel off at FedEx.`,
    });
  } else {
    toast.error(SELLER_TEXTS.labelFailed, { description: SELLER_TEXTS.labelFailedDescription });
  }
  return { kind: 'done', order };
}

/** Waits for an approved pickup's release (releasing -> completed) and says how it ended. */
async function released(opts: SellerActionOptions, order: Order): Promise<SellerActionResult> {
  let current = order;
  if (current.status === 'releasing') {
    opts.onProgress?.('releasing');
    const outcome = await followOrder({
      orderId: order.id,
      userId: opts.userId,
      token: opts.token,
      signal: opts.signal,
      socket: opts.socket,
      until: (o) => o.status !== 'releasing',
    });
    if (outcome.kind === 'stopped') return { kind: 'stopped' };
    if (outcome.kind === 'timeout') {
      toast(SELLER_TEXTS.completed, { description: SELLER_TEXTS.releaseSlow });
      return { kind: 'done', order };
    }
    if (outcome.kind === 'error') {
      console.warn('Following the release failed', outcome.error);
      toast.error(SELLER_TEXTS.completionFailed, { description: SELLER_TEXTS.statusFailed });
      return { kind: 'failed' };
    }
    current = outcome.order;
  }
  if (current.status === 'completed') {
    toast.success(SELLER_TEXTS.completed, { description: `${amountOf(current)} was released to you.` });
  } else {
    toast.error(SELLER_TEXTS.completionFailed, { description: 'The escrow was not released.' });
  }
  return { kind: 'done', order: current };
}

/**
 * The seller's action on a pending escrow (spec part 2 "Escrow status"): ship with a FedEx tracking number, or
 * approve or reject a local pickup, each one POST with its own Idempotency-Key. When the server answers 'Platform Fee
 * Required', the toast says so and the fee dialog opens; once the fee is paid ('Platform Fee Paid') the action is
 * sent again by itself. Successes: 'Shipping Updated', 'Escrow Completed' (once the order is completed), 'Escrow
 * Cancelled'. Failures are toasted here, except the carrier's answers about the number.
 */
export async function runSellerAction(opts: SellerActionOptions): Promise<SellerActionResult> {
  const { action, signal } = opts;
  if (action.kind === 'label') {
    opts.onProgress?.('fee');
    const fee = await payFee(opts);
    return fee === 'paid' ? labelMade(opts) : { kind: fee };
  }
  opts.onProgress?.('sending');
  let order: Order;
  try {
    order = await send(opts);
  } catch (error) {
    if (signal.aborted) return { kind: 'stopped' };
    if (!isFeeRequired(error)) return refused(opts, error);
    toast.error(SELLER_TEXTS.feeRequired, { description: SELLER_TEXTS.feeRequiredDescription });
    opts.onProgress?.('fee');
    const fee = await payFee(opts);
    if (fee !== 'paid') return { kind: fee };
    opts.onProgress?.('sending');
    try {
      order = await send(opts);
    } catch (again) {
      if (signal.aborted) return { kind: 'stopped' };
      return refused(opts, again);
    }
  }
  if (action.kind === 'ship') {
    toast.success(SELLER_TEXTS.shippingUpdated, {
      description: `FedEx tracking number ${order.shipment.trackingNumber ?? action.trackingNumber}. The escrow is released to you once FedEx confirms delivery.`,
    });
    return { kind: 'done', order };
  }
  if (action.decision === 'approve') return released(opts, order);
  toast.success(SELLER_TEXTS.cancelled, {
    description:
      order.status === 'refunded'
        ? `${amountOf(order)} was returned to ${order.buyer.username}.`
        : `${amountOf(order)} goes back to ${order.buyer.username} once the ledger lets the escrow be cancelled (${orderDate(order.escrow.cancelAfter)}).`,
  });
  return { kind: 'done', order };
}
