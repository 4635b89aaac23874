import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Send } from '../../../../../shared/api/sends';
import { getSend, sendFunds, type SendFundsBody, type SendRequest } from '../../../domains/sends/api';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { answered } from '../../../lib/api-error';
import { SIGNING_TEXTS } from '../../../lib/signing-texts';
import type { SigningEnd, SigningFollow } from '../../../lib/signing/follow-signing';
import { sendSummary } from './send-form';

/**
 * The Send Funds dialog's step: the form (sending it, or refused with a message and the fields'), the wallet request
 * being signed and followed, or the end: sent with its hash, or why nothing (or only the fee) moved.
 */
export type SendStep =
  | { kind: 'form'; busy: boolean; refusal: { message: string; fields?: Record<string, string> } | null }
  | { kind: 'signing'; request: SendRequest; follow: SigningFollow<Send>; onEnd(end: SigningEnd<Send>): void }
  | { kind: 'done'; send: Send }
  | { kind: 'unknown' };

const FORM: SendStep = { kind: 'form', busy: false, refusal: null };
const ENDED: readonly Send['status'][] = ['sent', 'failed', 'cancelled', 'expired'];

export const SEND_RESULT_TEXTS = {
  sent: 'Funds Sent',
  notSent: 'Funds Not Sent',
  rejected: 'The send was rejected in Xaman. Nothing was sent.',
  expired: 'The send request expired before it was signed. Nothing was sent.',
  unknown: 'Failed to check the send. Refresh your balances to see whether it went through.',
  requestFailed: 'Failed to create the send request. Please try again.',
} as const;

/**
 * How the dialog follows one send (followSigning): the request's topic ends it when rejected or expired; the send is
 * read (GET /api/wallet/sends/{id}) on the sign-in poll's schedule and at once when signed, until it has ended: the
 * server checks the signed blob, submits it and records what the ledger validated.
 */
function sendFollow(request: SendRequest, token: string): SigningFollow<Send> {
  return {
    key: request.uuid,
    token,
    request: { uuid: request.uuid, topic: request.topic },
    read: async (signal) => {
      const send = await getSend(token, request.sendId, signal);
      return ENDED.includes(send.status)
        ? { over: true, value: send }
        : { over: false, signed: send.status === 'submitting' };
    },
  };
}

/**
 * Send Funds (decision 060): `submit` asks the server for the wallet request (POST with an Idempotency-Key that a retry
 * of the same send keeps until the server has answered it), then the dialog follows it to the ledger's result.
 * `onSent` runs once funds moved (the balances read again). Closing stops following.
 */
export function useSendFunds(token: string, onSent: () => void) {
  const [step, setStep] = useState<SendStep>(FORM);
  // Each request and each follow gets a number; answers for an abandoned one (closed, sent again) are dropped.
  const attempt = useRef(0);
  const pending = useRef<{ body: string; key: string } | null>(null);
  const latest = useRef(onSent);
  useEffect(() => {
    latest.current = onSent;
  });
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  const ended = useCallback((end: SigningEnd<Send>, mine: number) => {
    if (attempt.current !== mine) return;
    if (end.kind === 'over' && (end.value.status === 'sent' || end.value.status === 'failed')) {
      setStep({ kind: 'done', send: end.value });
      if (end.value.status === 'sent') {
        toast.success(SEND_RESULT_TEXTS.sent, { description: `${sendSummary(end.value)}.` });
        latest.current();
      } else toast.error(SEND_RESULT_TEXTS.notSent, { description: end.value.failure ?? undefined });
      return;
    }
    const status = end.kind === 'over' ? end.value.status : end.kind;
    if (status === 'cancelled') toast.error(SIGNING_TEXTS.cancelled, { description: SEND_RESULT_TEXTS.rejected });
    else if (status === 'expired') toast.error(SIGNING_TEXTS.expired, { description: SEND_RESULT_TEXTS.expired });
    else if (status === 'timeout') toast.error(SIGNING_TEXTS.timeout[0], { description: SIGNING_TEXTS.timeout[1] });
    else {
      if (end.kind === 'error') console.warn('Following the send failed', end.error);
      setStep({ kind: 'unknown' });
      return;
    }
    setStep(FORM);
  }, []);

  const submit = useCallback(
    async (body: SendFundsBody) => {
      const text = JSON.stringify(body);
      if (pending.current?.body !== text) pending.current = { body: text, key: newIdempotencyKey() };
      const mine = ++attempt.current;
      setStep({ kind: 'form', busy: true, refusal: null });
      try {
        const request = await sendFunds(token, body, pending.current.key);
        if (attempt.current !== mine) return;
        pending.current = null;
        setStep({ kind: 'signing', request, follow: sendFollow(request, token), onEnd: (end) => ended(end, mine) });
      } catch (error) {
        if (attempt.current !== mine) return;
        if (answered(error)) pending.current = null;
        if (!(error instanceof ApiError)) console.warn('Requesting the send failed', error);
        const refusal =
          error instanceof ApiError && error.code !== 'bad_response'
            ? { message: error.message, fields: error.fields }
            : { message: SEND_RESULT_TEXTS.requestFailed };
        setStep({ kind: 'form', busy: false, refusal });
      }
    },
    [token, ended],
  );

  /** Back to the form (Try Again), or closed: whatever was under way is no longer followed. */
  const reset = useCallback(() => {
    attempt.current += 1;
    setStep(FORM);
  }, []);

  return { step, submit, reset };
}
