import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/** Runs one signing: shows its dialog with `onStep`, and says 'stopped' when the page went away or it was closed. */
export type Signing<S> = (signal: AbortSignal, onStep: Dispatch<SetStateAction<S | null>>) => Promise<string>;

/**
 * One wallet request at a time for a list's rows (a row's button): the signing dialog's step, the key of the row whose
 * signing runs, and `start`. Leaving the page stops following. `onDone` runs after every signing that was not stopped.
 */
export function useOneSigning<S>(onDone: () => void) {
  const [step, setStep] = useState<S | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);
  const latest = useRef(onDone);
  useEffect(() => {
    latest.current = onDone;
  });

  const start = useCallback(async (key: string, sign: Signing<S>) => {
    if (aborter.current) return;
    const controller = new AbortController();
    aborter.current = controller;
    setBusy(key);
    try {
      const result = await sign(controller.signal, setStep);
      if (result !== 'stopped') latest.current();
    } finally {
      if (!controller.signal.aborted) {
        setStep(null);
        setBusy(null);
      }
      aborter.current = null;
    }
  }, []);

  return { step, busy, start };
}
