import { useCallback } from 'react';
import { toast } from 'sonner';
import type { ReturnRequest } from '../../../../shared/api/returns';
import { formatUsd } from '../../../../shared/domain/money';
import { ApiError } from '../../lib/api';
import { followPayment, type PaymentFollow } from '../../lib/orders/follow-payment';
import { SIGNING_TEXTS } from '../../lib/signing-texts';
import { useOneSigning } from '../../lib/signing/use-one-signing';
import { requestReturnRefund, type ReturnRefundAnswer } from './api';

/** The wallet request of a seller's refund Payment for a return delivered back (decision 054). */
export type RefundSigning = Extract<ReturnRefundAnswer, { status: 'signing' }>;

/** The refund dialog's state: which return, its wallet request, how the dialog follows it, and Close. */
export interface RefundStep extends PaymentFollow {
  item: ReturnRequest;
  request: RefundSigning;
}

const REFUND_STAGES: readonly string[] = ['refund_due', 'refund_owed'];

/** Whether the seller still owes the refund of this return. */
export const refundOwed = (stage: string) => REFUND_STAGES.includes(stage);

const refundFailed = 'Refund Not Sent';

/** Asks for the wallet request, shows it (onStep) and follows the order until the ledger has validated the refund. */
async function refund(
  item: ReturnRequest,
  {
    token,
    userId,
    signal,
    onStep,
  }: { token: string; userId: string; signal: AbortSignal; onStep(s: RefundStep | null): void },
): Promise<'done' | 'failed' | 'stopped'> {
  const amount = `${formatUsd(item.refundCents)} RLUSD`;
  let answer: ReturnRefundAnswer;
  try {
    answer = await requestReturnRefund(token, item.orderId, signal);
  } catch (error) {
    if (signal.aborted) return 'stopped';
    if (!(error instanceof ApiError)) console.warn('Requesting the return refund failed', error);
    toast.error(refundFailed, {
      description: error instanceof ApiError ? error.message : 'Failed to create the refund request. Please try again.',
    });
    return 'failed';
  }
  // Paid already (a validated refund the list had not heard of yet): nothing to sign.
  if (answer.status === 'paid') {
    toast.success('Buyer Refunded', { description: `${amount} was refunded to ${item.buyerUsername}.` });
    return 'done';
  }
  const request = answer;
  const end = await followPayment({
    orderId: item.orderId,
    userId,
    token,
    signal,
    uuid: request.uuid,
    until: (o) => !o.returnRequest || !refundOwed(o.returnRequest.stage),
    show: (dialog) => onStep(dialog && { item, request, ...dialog }),
    warning: 'Following the return refund failed',
    onRefused: (kind) =>
      toast.error(kind === 'cancelled' ? SIGNING_TEXTS.cancelled : SIGNING_TEXTS.expired, {
        description: 'The refund was not paid.',
      }),
    onUnknown: () =>
      toast.error(refundFailed, { description: 'Failed to check the refund. This list updates when it is confirmed.' }),
  });
  if (end.kind !== 'over') return end.kind;
  if (end.order.returnRequest?.stage === 'completed') {
    toast.success('Buyer Refunded', { description: `${amount} was refunded to ${item.buyerUsername}.` });
  } else toast.error(refundFailed, { description: 'The return moved on before the refund was paid.' });
  return 'done';
}

/**
 * Refund buyer on a return delivered back after release (decision 054): the wallet request (POST with its own
 * Idempotency-Key; the server answers with the open one while there is one, or 'paid') in the refund dialog, which
 * follows it until the ledger has validated the Payment. One refund at a time; leaving the page stops following.
 * `onDone` runs after every refund that got an answer (the list reads again).
 */
export function useReturnRefund(token: string, userId: string, onDone: () => void) {
  const { step, busy, start } = useOneSigning<RefundStep>(onDone);
  const startRefund = useCallback(
    (item: ReturnRequest) => start(item.orderId, (signal, onStep) => refund(item, { token, userId, signal, onStep })),
    [start, token, userId],
  );
  return { step, busy, start: startRefund };
}
