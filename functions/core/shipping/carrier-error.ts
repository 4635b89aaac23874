import { UpstreamError } from '../../lib/errors';

/**
 * unavailable: the carrier could not be used (unreachable, timed out, overloaded, an answer we could not read, or our
 * own credentials refused); worth retrying later, not the caller's fault. refused: the carrier turned this request down
 * (an unknown ZIP, a shipment that can no longer be cancelled); retrying the same request will not help.
 */
export type CarrierFailure = 'unavailable' | 'refused';

/**
 * A carrier call that failed. `message` is ours and safe to show; the carrier's own code and text are kept apart for
 * use cases (e.g. COUNTRY.POSTALCODEORZIP.INVALID -> "check the ZIP") and logs. Never carries credentials or tokens.
 */
export class CarrierError extends UpstreamError {
  constructor(
    readonly failure: CarrierFailure,
    message: string,
    readonly carrierCode: string | null = null,
    readonly carrierMessage: string | null = null,
    /** The carrier's HTTP status, when it answered. */
    readonly httpStatus: number | null = null,
  ) {
    super(failure === 'unavailable' ? 'unavailable' : 'upstream_failed', `carrier_${failure}`, message);
  }
}

/** The carrier can't be used because our own settings or keys are missing: described to administrators only. */
export function carrierNotConfigured(detail: string): CarrierError {
  const error = new CarrierError('unavailable', `The carrier is not configured: ${detail}`);
  error.publicAnswer = { code: 'carrier_unavailable', message: 'The carrier is unavailable right now' };
  return error;
}
