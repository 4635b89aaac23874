import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '../../../../shared/api/orders';
import { runSellerAction, type FeeStep, type SellerAction, type SellerProgress } from './seller-actions';

export interface SellerActionState {
  /** The action under way, and how far it is. */
  running: { action: SellerAction; progress: SellerProgress } | null;
  /** The platform fee dialog, while the fee is being signed. */
  fee: FeeStep | null;
  /** The carrier's (or the server's) answer about the tracking number, for the field. */
  trackingError: string | null;
  /** The server's answer about the pickup code (wrong, or tries paused), for the code's field. */
  pickupCodeError: string | null;
}

/**
 * Runs one seller action at a time on one order (runSellerAction) for a control: its progress, the fee dialog's
 * state, the tracking number's error. Leaving the page stops it. `onChanged` runs after every action that got an
 * answer (the page reads its orders again).
 */
export function useSellerAction(
  order: Order,
  { token, userId, onChanged }: { token: string; userId: string; onChanged(order?: Order): void },
) {
  const [running, setRunning] = useState<SellerActionState['running']>(null);
  const [fee, setFee] = useState<FeeStep | null>(null);
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const [pickupCodeError, setPickupCodeError] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);
  const latest = useRef({ order, onChanged });
  useEffect(() => {
    latest.current = { order, onChanged };
  });

  const run = useCallback(
    async (action: SellerAction) => {
      if (aborter.current) return undefined;
      const controller = new AbortController();
      aborter.current = controller;
      setTrackingError(null);
      setPickupCodeError(null);
      setRunning({ action, progress: 'sending' });
      try {
        const result = await runSellerAction({
          order: latest.current.order,
          action,
          token,
          userId,
          signal: controller.signal,
          onFee: setFee,
          onProgress: (progress) => setRunning({ action, progress }),
        });
        if (controller.signal.aborted) return result;
        if (result.kind === 'tracking') setTrackingError(result.message);
        if (result.kind === 'pickupCode') setPickupCodeError(result.message);
        if (result.kind !== 'stopped') latest.current.onChanged(result.kind === 'done' ? result.order : undefined);
        return result;
      } finally {
        if (!controller.signal.aborted) {
          setFee(null);
          setRunning(null);
        }
        aborter.current = null;
      }
    },
    [token, userId],
  );

  return { running, fee, trackingError, setTrackingError, pickupCodeError, setPickupCodeError, run };
}
