import { useEffect, useRef, useState } from 'react';
import { followSigning, type SigningEnd, type SigningFollow } from './follow-signing';

/** Where a followed request is: waiting for its signature, signed (the ledger still to take it), or ended. */
export type SigningPhase = 'waiting' | 'signed' | 'ended';

/**
 * Follows one wallet request to its end while mounted (followSigning; null: nothing), once per `follow.key`, and
 * reports its phase, and whether a signature was seen (it stays so once ended: a dialog still shown says signed).
 * `onEnd` and the read may change on every render without following again.
 */
export function useSigningRequest<T>(
  follow: SigningFollow<T> | null,
  onEnd: (end: SigningEnd<T>) => void,
): { phase: SigningPhase; signed: boolean } {
  const [seen, setSeen] = useState<{ key: string; phase: SigningPhase; signed: boolean } | null>(null);
  const latest = useRef({ follow, onEnd });
  useEffect(() => {
    latest.current = { follow, onEnd };
  });
  const key = follow?.key ?? null;

  useEffect(() => {
    const first = latest.current.follow;
    if (key === null || !first) return;
    const read: SigningFollow<T>['read'] = (signal) => {
      const now = latest.current.follow;
      return (now?.key === key ? now : first).read(signal);
    };
    return followSigning(
      { ...first, read },
      {
        onSigned: () =>
          setSeen((s) => (s?.key === key && s.phase === 'ended' ? s : { key, phase: 'signed', signed: true })),
        onEnd: (end) => {
          setSeen((s) => ({ key, phase: 'ended', signed: s?.key === key && s.signed }));
          latest.current.onEnd(end);
        },
      },
    );
  }, [key]);

  return seen && seen.key === key ? { phase: seen.phase, signed: seen.signed } : { phase: 'waiting', signed: false };
}
