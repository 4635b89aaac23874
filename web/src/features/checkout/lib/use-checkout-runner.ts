import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import { checkout } from '../../../domains/orders/api';
import { signOrder, type SigningStep } from '../../../lib/orders/sign-order';
import { CHECKOUT_TEXTS, checkoutErrorToast } from './checkout-toasts';

export interface CheckoutInput {
  shipping: { quoteId: string; optionId: string } | null;
  /** The sellers the buyer collects from (local pickup) instead of having their items shipped. */
  localPickupSellerIds: string[];
  expectedTotalCents: number;
}

export interface CheckoutRunnerOptions {
  token: string;
  userId: string;
  /** A refused checkout, after its toast (the page reloads the cart or the shipping options). */
  onRefused(error: unknown): void;
  /** Every order has been followed to its end: how many were funded. */
  onFinished(funded: number): void;
}

/**
 * Places orders (one request, its own Idempotency-Key) and then, one order after another, asks the wallet to sign its
 * EscrowCreate (own key) in the signing dialog, following each until it is funded or cancelled. `run` takes the
 * placing request: checkout's POST /api/checkout, or an auction order's payment.
 */
export function useOrderRunner({ token, userId, onRefused, onFinished }: CheckoutRunnerOptions) {
  const [processing, setProcessing] = useState(false);
  const [step, setStep] = useState<SigningStep | null>(null);
  const aborter = useRef<AbortController | null>(null);
  const latest = useRef({ onRefused, onFinished });
  useEffect(() => {
    latest.current = { onRefused, onFinished };
  });
  // Leaving the page stops following (the orders stay on the activity page).
  useEffect(() => () => aborter.current?.abort(), []);

  const run = useCallback(
    async (place: (signal: AbortSignal) => Promise<Order[]>) => {
      if (aborter.current) return;
      const controller = new AbortController();
      aborter.current = controller;
      setProcessing(true);
      try {
        let orders: Order[];
        try {
          orders = await place(controller.signal);
        } catch (error) {
          if (controller.signal.aborted) return;
          checkoutErrorToast(error);
          latest.current.onRefused(error);
          return;
        }
        let funded = 0;
        for (const [index, order] of orders.entries()) {
          const result = await signOrder({
            order,
            index,
            total: orders.length,
            token,
            userId,
            signal: controller.signal,
            onStep: setStep,
          });
          if (result === 'stopped') return;
          if (result === 'funded') funded += 1;
        }
        setStep(null);
        if (funded === 0) toast.error(CHECKOUT_TEXTS.noneCreated[0], { description: CHECKOUT_TEXTS.noneCreated[1] });
        else {
          const [title, description] = CHECKOUT_TEXTS.success(funded);
          toast.success(title, { description });
        }
        latest.current.onFinished(funded);
      } finally {
        if (!controller.signal.aborted) {
          setStep(null);
          setProcessing(false);
        }
        aborter.current = null;
      }
    },
    [token, userId],
  );

  return { processing, step, run };
}

/**
 * The checkout sequence (spec part 2 "Checkout" and "Escrow creation"): one POST /api/checkout per press (its own
 * Idempotency-Key, so a retried request can't check out twice), then each order's escrow signed as useOrderRunner does.
 */
export function useCheckoutRunner(options: CheckoutRunnerOptions) {
  const { token } = options;
  const runner = useOrderRunner(options);
  const { run: runOrders } = runner;
  const run = useCallback(
    (input: CheckoutInput) =>
      runOrders(async (signal) => {
        const placed = await checkout(token, input, signal);
        return placed.orders;
      }),
    [runOrders, token],
  );
  return { processing: runner.processing, step: runner.step, run };
}
