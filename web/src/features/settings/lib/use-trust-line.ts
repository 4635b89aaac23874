import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getRlusdTrustLine, requestRlusdTrustLine } from '../../../domains/wallet/api';
import { ApiError } from '../../../lib/api';
import { SIGNING_TEXTS } from '../../../lib/signing-texts';
import type { SigningEnd, SigningFollow } from '../../../lib/signing/follow-signing';

export type TrustLineRequest = Extract<Awaited<ReturnType<typeof requestRlusdTrustLine>>, { status: 'signing' }>;

/** What the page knows of the wallet's RLUSD line: not asked yet, being read, there, missing, or unreadable. */
export type LineStatus = 'unknown' | 'checking' | 'present' | 'missing' | 'error';

/** The trust-line dialog: asking the server for the wallet request, that request failed, or it is being signed. */
export type TrustLineDialogState =
  | { kind: 'requesting' }
  | { kind: 'failed'; message: string }
  | { kind: 'waiting'; request: TrustLineRequest; follow: SigningFollow<true>; onEnd(end: SigningEnd<true>): void };

type Outcome = 'added' | 'cancelled' | 'expired' | 'timeout' | 'error';

export const TRUST_LINE_TEXTS = {
  why: 'Buyers pay you in RLUSD: your wallet needs an RLUSD trust line. Signing it moves no funds.',
  added: ['RLUSD Trust Line Added', 'Buyers can now pay you in RLUSD.'],
  cancelled: 'The trust line request was rejected in Xaman.',
  expired: 'The trust line request expired before it was signed.',
  checkFailed: ['Trust Line Check Failed', 'Failed to check your RLUSD trust line. Please try again.'],
  requestFailed: 'Failed to create the trust line request.',
} as const;

function toastOutcome(outcome: Exclude<Outcome, 'added'>): void {
  switch (outcome) {
    case 'cancelled':
      toast.error(SIGNING_TEXTS.cancelled, { description: TRUST_LINE_TEXTS.cancelled });
      return;
    case 'expired':
      toast.error(SIGNING_TEXTS.expired, { description: TRUST_LINE_TEXTS.expired });
      return;
    case 'timeout':
      toast.error(SIGNING_TEXTS.timeout[0], { description: SIGNING_TEXTS.timeout[1] });
      return;
    case 'error':
      toast.error(TRUST_LINE_TEXTS.checkFailed[0], { description: TRUST_LINE_TEXTS.checkFailed[1] });
  }
}

/**
 * How the dialog follows one trust-line request (followSigning): `signing.status` on the request's topic
 * (`signing:<uuid>`) ends it when rejected or expired; the line itself is read (GET /api/me/rlusd-trust-line) on the
 * sign-in poll's schedule, at once when the topic is subscribed and when the request is signed, until the ledger shows
 * it (the server submits the signed TrustSet).
 */
function trustLineFollow(request: TrustLineRequest, token: string): SigningFollow<true> {
  return {
    key: request.uuid,
    token,
    request: { uuid: request.uuid, topic: request.topic },
    read: async (signal) => {
      const { hasLine } = await getRlusdTrustLine(token, signal);
      return hasLine ? { over: true, value: true } : { over: false };
    },
  };
}

function outcomeOf(end: SigningEnd<true>): Outcome {
  switch (end.kind) {
    case 'over':
      return 'added';
    case 'cancelled':
    case 'expired':
    case 'timeout':
      return end.kind;
    case 'error':
      console.warn('Checking the RLUSD trust line failed', end.error);
      return 'error';
    case 'signed':
      // Not an end here: a signature only reads the line at once.
      return 'error';
  }
}

/**
 * The seller's RLUSD trust line on /settings: `check()` reads whether the wallet has one and, when not, opens the
 * dialog that asks the wallet for it (POST with its own Idempotency-Key per request); `request()` asks again.
 */
export function useRlusdTrustLine(token: string) {
  const [status, setStatus] = useState<LineStatus>('unknown');
  const [dialog, setDialog] = useState<TrustLineDialogState | null>(null);
  // Each check and each request gets a number; answers for an abandoned one (closed, asked again) are dropped.
  const checkSeq = useRef(0);
  const attempt = useRef(0);
  useEffect(
    () => () => {
      checkSeq.current += 1;
      attempt.current += 1;
    },
    [],
  );

  const ended = useCallback((end: SigningEnd<true>) => {
    const outcome = outcomeOf(end);
    attempt.current += 1;
    setDialog(null);
    if (outcome === 'added') {
      setStatus('present');
      toast.success(TRUST_LINE_TEXTS.added[0], { description: TRUST_LINE_TEXTS.added[1] });
    } else {
      setStatus(outcome === 'error' ? 'error' : 'missing');
      toastOutcome(outcome);
    }
  }, []);

  const request = useCallback(() => {
    const mine = ++attempt.current;
    setDialog({ kind: 'requesting' });
    requestRlusdTrustLine(token)
      .then((answer) => {
        if (attempt.current !== mine) return;
        if (answer.status === 'exists') {
          setDialog(null);
          setStatus('present');
        } else setDialog({ kind: 'waiting', request: answer, follow: trustLineFollow(answer, token), onEnd: ended });
      })
      .catch((error: unknown) => {
        if (attempt.current !== mine) return;
        if (!(error instanceof ApiError)) console.warn('Requesting the trust line failed', error);
        const message =
          error instanceof ApiError && error.code !== 'bad_response' ? error.message : TRUST_LINE_TEXTS.requestFailed;
        setDialog({ kind: 'failed', message });
      });
  }, [token, ended]);

  const check = useCallback(async () => {
    const mine = ++checkSeq.current;
    setStatus('checking');
    try {
      const { hasLine } = await getRlusdTrustLine(token);
      if (checkSeq.current !== mine) return;
      setStatus(hasLine ? 'present' : 'missing');
      if (!hasLine) request();
    } catch (error) {
      if (checkSeq.current !== mine) return;
      console.warn('Checking the RLUSD trust line failed', error);
      setStatus('error');
    }
  }, [token, request]);

  /** Selling turned off: nothing to say about the line. */
  const forget = useCallback(() => {
    checkSeq.current += 1;
    setStatus('unknown');
  }, []);

  const close = useCallback(() => {
    attempt.current += 1;
    setDialog(null);
  }, []);

  return { status, dialog, check, request, close, forget };
}
