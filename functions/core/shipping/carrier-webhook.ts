import { UnauthorizedError } from '../../lib/errors';
import { checkParcels, type DeliveryDeps, type DeliveryRun } from '../orders/delivery';

export interface CarrierWebhookDeps {
  /** Whether the request carries the carrier's signature of this exact raw body (before any JSON parsing). */
  signed(rawBody: Uint8Array | string, headers: Readonly<Record<string, string | undefined>>): Promise<boolean>;
  /** What releasing delivered parcels needs; made only once the request is known to be the carrier's. */
  delivery(): Promise<DeliveryDeps>;
  /** Parcels sending returns back are looked at by the returns schedule's next run, not its next interval (054). */
  wakeReturns(trackingNumbers: readonly string[]): Promise<void>;
}

/**
 * The carrier's tracking webhook: the signature is checked on the raw body (missing or wrong: unauthenticated), then
 * the parcels it names are asked of the Track API again and released only on that fresh answer. A replay changes
 * nothing.
 */
export async function carrierWebhook(
  rawBody: Uint8Array | string,
  headers: Readonly<Record<string, string | undefined>>,
  trackingNumbers: readonly string[],
  deps: CarrierWebhookDeps,
): Promise<DeliveryRun> {
  if (!(await deps.signed(rawBody, headers))) throw new UnauthorizedError('The webhook signature does not match');
  const numbers = [...new Set(trackingNumbers)];
  const delivery = await deps.delivery();
  const run = await checkParcels(await delivery.byTracking(numbers), delivery);
  await deps.wakeReturns(numbers);
  return run;
}
