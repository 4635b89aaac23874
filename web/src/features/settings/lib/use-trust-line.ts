import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ResponseOf } from '../../../../../shared/api/contract';
import { getRlusdTrustLine, requestRlusdTrustLine } from '../../../../../shared/api/wallet';
import { SIGN_IN_POLL } from '../../../../../shared/domain/sign-in-poll';
import { ApiError, apiGet, apiSend, newIdempotencyKey } from '../../../lib/api';
import { useTopic } from '../../../lib/realtime/use-topic';
import { SIGNING_TEXTS } from '../../../lib/signing-texts';

export type TrustLineRequest = Extract<ResponseOf<typeof requestRlusdTrustLine>, { status: 'signing' }>;

/** What the page knows of the wallet's RLUSD line: not asked yet, being read, there, missing, or unreadable. */
export type LineStatus = 'unknown' | 'checking' | 'present' | 'missing' | 'error';

/** The trust-line dialog: asking the server for the wallet request, that request failed, or it is being signed. */
export type TrustLineDialogState =
  | { kind: 'requesting' }
  | { kind: 'failed'; message: string }
  | { kind: 'waiting'; request: TrustLineRequest; signed: boolean };

type Outcome = 'added' | 'cancelled' | 'expired' | 'timeout' | 'error';

export const TRUST_LINE_TEXTS = {
  why: 'Buyers pay you in RLUSD: your wallet needs an RLUSD trust line. Signing it moves no funds.',
  added: ['RLUSD Trust Line Added', 'Buyers can now pay you in RLUSD.'],
  cancelled: 'The trust line request was rejected in Xaman.',
  expired: 'The trust line request expired before it was signed.',
  checkFailed: ['Trust Line Check Failed', 'Failed to check your RLUSD trust line. Please try again.'],
  requestFailed: 'Failed to create the trust line request.',
} as const;

/** Network and server failures in a row tolerated while following: one blip should not end it. */
const MAX_FAILURES_IN_A_ROW = 3;

const isPermanent = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

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
 * Follows one trust-line request (the one that turns on selling): `signing.status` on the request's topic
 * (`signing:<uuid>`) ends it when rejected or expired; the line itself is read (GET /api/me/rlusd-trust-line) on the
 * sign-in poll's schedule (first after 2 s, then every 5 s, at most 60 reads), at once when the topic is subscribed and
 * when the request is signed, until the ledger shows it (the server submits the signed TrustSet).
 */
function useFollowTrustLine(
  request: TrustLineRequest | null,
  token: string,
  onSigned: () => void,
  onEnd: (outcome: Outcome) => void,
) {
  const latest = useRef({ token, onSigned, onEnd });
  useEffect(() => {
    latest.current = { token, onSigned, onEnd };
  });
  // The running follow's read and end (no-ops while none runs), for the socket's callbacks.
  const read = useRef<() => void>(() => {});
  const end = useRef<(outcome: Outcome) => void>(() => {});
  const uuid = request?.uuid ?? null;

  useEffect(() => {
    if (!uuid) return;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checks = 0;
    let failures = 0;
    const controller = new AbortController();
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      controller.abort();
      latest.current.onEnd(outcome);
    };
    const check = async () => {
      try {
        const { hasLine } = await apiGet(getRlusdTrustLine, { token: latest.current.token, signal: controller.signal });
        if (done) return;
        failures = 0;
        if (hasLine) finish('added');
      } catch (error) {
        if (done) return;
        failures += 1;
        if (isPermanent(error) || failures >= MAX_FAILURES_IN_A_ROW) {
          console.warn('Checking the RLUSD trust line failed', error);
          finish('error');
        }
      }
    };
    const tick = async () => {
      if (done) return;
      checks += 1;
      await check();
      if (done) return;
      if (checks >= SIGN_IN_POLL.maxChecks) return finish('timeout');
      timer = setTimeout(() => void tick(), SIGN_IN_POLL.everyMs);
    };
    timer = setTimeout(() => void tick(), SIGN_IN_POLL.firstMs);
    read.current = () => void check();
    end.current = finish;
    return () => {
      done = true;
      clearTimeout(timer);
      controller.abort();
      read.current = () => {};
      end.current = () => {};
    };
  }, [uuid]);

  useTopic(
    request?.topic ?? null,
    (event) => {
      if (event.type !== 'signing.status' || event.data.uuid !== uuid) return;
      switch (event.data.status) {
        case 'signed':
          latest.current.onSigned();
          read.current();
          return;
        case 'cancelled':
        case 'expired':
          end.current(event.data.status);
          return;
        case 'timed_out':
          end.current('timeout');
          return;
        case 'pending':
          return;
      }
    },
    // Subscribed (again): the line may have been added while the socket was away.
    { onSubscribed: () => read.current() },
  );
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

  const request = useCallback(() => {
    const mine = ++attempt.current;
    setDialog({ kind: 'requesting' });
    apiSend(requestRlusdTrustLine, { token, body: {}, idempotencyKey: newIdempotencyKey() })
      .then((answer) => {
        if (attempt.current !== mine) return;
        if (answer.status === 'exists') {
          setDialog(null);
          setStatus('present');
        } else setDialog({ kind: 'waiting', request: answer, signed: false });
      })
      .catch((error: unknown) => {
        if (attempt.current !== mine) return;
        if (!(error instanceof ApiError)) console.warn('Requesting the trust line failed', error);
        const message =
          error instanceof ApiError && error.code !== 'bad_response' ? error.message : TRUST_LINE_TEXTS.requestFailed;
        setDialog({ kind: 'failed', message });
      });
  }, [token]);

  const check = useCallback(async () => {
    const mine = ++checkSeq.current;
    setStatus('checking');
    try {
      const { hasLine } = await apiGet(getRlusdTrustLine, { token });
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

  const waiting = dialog?.kind === 'waiting' ? dialog.request : null;
  useFollowTrustLine(
    waiting,
    token,
    () => setDialog((d) => (d?.kind === 'waiting' && d.request.uuid === waiting?.uuid ? { ...d, signed: true } : d)),
    (outcome) => {
      attempt.current += 1;
      setDialog(null);
      if (outcome === 'added') {
        setStatus('present');
        toast.success(TRUST_LINE_TEXTS.added[0], { description: TRUST_LINE_TEXTS.added[1] });
      } else {
        setStatus(outcome === 'error' ? 'error' : 'missing');
        toastOutcome(outcome);
      }
    },
  );

  return { status, dialog, check, request, close, forget };
}
