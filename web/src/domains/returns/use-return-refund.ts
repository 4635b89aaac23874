import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../shared/api/orders';
import type { ReturnRequest } from '../../../../shared/api/returns';
import { formatUsd } from '../../../../shared/domain/money';
import { signingTopic } from '../../../../shared/events';
import { ApiError } from '../../lib/api';
import { orderFollow } from '../../lib/orders/follow-order';
import { SIGNING_TEXTS } from '../../lib/signing-texts';
import { awaitedEnd, type SigningEnd, type SigningFollow } from '../../lib/signing/follow-signing';
import { requestReturnRefund, type ReturnRefundAnswer } from './api';

/** The wallet request of a seller's refund Payment for a return delivered back (decision 054). */
export type RefundSigning = Extract<ReturnRefundAnswer, { status: 'signing' }>;

/** The refund dialog's state: which return, its wallet request, how the dialog follows it, and Close. */
export interface RefundStep {
  item: ReturnRequest;
  request: RefundSigning;
  follow: SigningFollow<Order>;
  onEnd(end: SigningEnd<Order>): void;
  close(): void;
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
  const { ended, end, stop } = awaitedEnd<Order>(signal);
  const follow: SigningFollow<Order> = {
    ...orderFollow({
      orderId: item.orderId,
      userId,
      token,
      until: (o) => !o.returnRequest || !refundOwed(o.returnRequest.stage),
    }),
    key: request.uuid,
    request: { uuid: request.uuid, topic: signingTopic(request.uuid) },
  };
  onStep({ item, request, follow, onEnd: end, close: stop });
  const outcome = await ended;
  onStep(null);
  if (signal.aborted) return 'stopped';
  switch (outcome.kind) {
    case 'stopped':
      return 'stopped';
    case 'cancelled':
    case 'expired':
      toast.error(outcome.kind === 'cancelled' ? SIGNING_TEXTS.cancelled : SIGNING_TEXTS.expired, {
        description: 'The refund was not paid.',
      });
      return 'failed';
    case 'timeout':
      toast.error(SIGNING_TEXTS.timeout[0], { description: SIGNING_TEXTS.timeout[1] });
      return 'failed';
    case 'error':
    case 'signed':
      if (outcome.kind === 'error') console.warn('Following the return refund failed', outcome.error);
      toast.error(refundFailed, { description: 'Failed to check the refund. This list updates when it is confirmed.' });
      return 'failed';
    case 'over':
      if (outcome.value.returnRequest?.stage === 'completed') {
        toast.success('Buyer Refunded', { description: `${amount} was refunded to ${item.buyerUsername}.` });
      } else toast.error(refundFailed, { description: 'The return moved on before the refund was paid.' });
      return 'done';
  }
}

/**
 * Refund buyer on a return delivered back after release (decision 054): the wallet request (POST with its own
 * Idempotency-Key; the server answers with the open one while there is one, or 'paid') in the refund dialog, which
 * follows it until the ledger has validated the Payment. One refund at a time; leaving the page stops following.
 * `onDone` runs after every refund that got an answer (the list reads again).
 */
export function useReturnRefund(token: string, userId: string, onDone: () => void) {
  const [step, setStep] = useState<RefundStep | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);
  const latest = useRef(onDone);
  useEffect(() => {
    latest.current = onDone;
  });

  const start = useCallback(
    async (item: ReturnRequest) => {
      if (aborter.current) return;
      const controller = new AbortController();
      aborter.current = controller;
      setBusy(item.orderId);
      try {
        const result = await refund(item, { token, userId, signal: controller.signal, onStep: setStep });
        if (result !== 'stopped') latest.current();
      } finally {
        if (!controller.signal.aborted) {
          setStep(null);
          setBusy(null);
        }
        aborter.current = null;
      }
    },
    [token, userId],
  );

  return { step, busy, start };
}
