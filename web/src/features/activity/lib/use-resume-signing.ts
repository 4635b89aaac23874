import { useCallback } from 'react';
import type { Order } from '../../../../../shared/api/orders';
import { signOrder, type SigningStep } from '../../../lib/orders/sign-order';
import { useOneSigning } from '../../../lib/signing/use-one-signing';

/**
 * Approving the escrow of a purchase still awaiting its signature (left at checkout, e.g. the tab was closed): the same
 * wallet request and dialog as checkout; the server hands out the open request again while it is valid.
 */
export function useResumeSigning(token: string, userId: string, onDone: () => void) {
  const { step, busy, start } = useOneSigning<SigningStep>(onDone);
  const resume = useCallback(
    (order: Order) =>
      start(order.id, (signal, onStep) => signOrder({ order, index: 0, total: 1, token, userId, signal, onStep })),
    [start, token, userId],
  );
  return { step, busy, start: resume };
}
