import { formatUsd, MAX_AMOUNT_CENTS, type Cents } from '../../../shared/domain/money';
import { AppError } from '../../lib/errors';

export const ORDER_TOO_LARGE = `A checkout can total at most ${formatUsd(MAX_AMOUNT_CENTS)}. Remove some items to continue.`;

/**
 * Refuses a checkout whose total is above the money limit (docs/decisions/042-money-limits.md) before anything formats
 * or converts it: every order of it is at most the total, so each escrow's amount is within the limit too. Listings
 * stored before the limit may price a cart beyond it (even beyond a safe integer), which must be a 400, not a 500.
 */
export function assertOrderTotalWithinLimit(totalCents: Cents): void {
  if (!(totalCents <= MAX_AMOUNT_CENTS)) throw new AppError('invalid', 'order_too_large', ORDER_TOO_LARGE);
}
