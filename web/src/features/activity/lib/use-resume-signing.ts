import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '../../../../../shared/api/orders';
import { signOrder, type SigningStep } from '../../../lib/orders/sign-order';

/**
 * Approving the escrow of a purchase still awaiting its signature (left at checkout, e.g. the tab was closed): the same
 * wallet request and dialog as checkout; the server hands out the open request again while it is valid.
 */
export function useResumeSigning(token: string, userId: string, onDone: () => void) {
  const [step, setStep] = useState<SigningStep | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);
  const latest = useRef(onDone);
  useEffect(() => {
    latest.current = onDone;
  });

  const start = useCallback(
    async (order: Order) => {
      if (aborter.current) return;
      const controller = new AbortController();
      aborter.current = controller;
      setBusy(order.id);
      try {
        const result = await signOrder({
          order,
          index: 0,
          total: 1,
          token,
          userId,
          signal: controller.signal,
          onStep: setStep,
        });
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
