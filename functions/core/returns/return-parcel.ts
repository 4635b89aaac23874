import { usZip } from '../../../shared/domain/shipping';
import { InvalidStateError } from '../../lib/errors';
import { CLOCK_SKEW_MS } from '../orders/parcel-evidence';
import type { TrackedShipment, TrackResult } from '../shipping/carrier-port';
import type { ReturnRecord } from './ports';

/**
 * What makes a parcel this return's (decision 054): addressed to the seller's return ZIP as fixed at approval, and
 * nothing of it older than the approval. Before release it need only be accepted by the carrier; after release the
 * seller's refund waits for its delivery there.
 */

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

const returnZip = (ret: ReturnRecord) => usZip(ret.returnTo?.postalCode);

function toReturnZip(parcel: TrackedShipment, ret: ReturnRecord): boolean {
  const zip = returnZip(ret);
  return !!zip && usZip((parcel.destination ?? parcel.deliveredTo)?.zip) === zip;
}

function predatesApproval(parcel: TrackedShipment, ret: ReturnRecord): boolean {
  const earliest = ms(ret.decidedAt) - CLOCK_SKEW_MS;
  if (ms(parcel.shipDate) + 86_400_000 < earliest) return true;
  if (ms(parcel.pickedUpAt) < earliest) return true;
  return parcel.events.some((e) => ms(e.at) < earliest);
}

/** Why the tracking number the buyer gave can't be this return's parcel, or null when it can. */
export function returnParcelProblem(result: TrackResult | undefined, ret: ReturnRecord): InvalidStateError | null {
  if (!result || !result.found) {
    return new InvalidStateError('tracking_unknown', 'The carrier does not know this tracking number.');
  }
  if (result.returnedToShipper) {
    return new InvalidStateError('tracking_returned', 'This parcel is on its way back to the sender.');
  }
  if (!toReturnZip(result, ret)) {
    return new InvalidStateError('tracking_wrong_zip', "This parcel is not going to the seller's return ZIP code.");
  }
  if (predatesApproval(result, ret)) {
    return new InvalidStateError(
      'tracking_predates_return',
      'This parcel was shipped before the return was approved. Enter the tracking number of the parcel you are sending back.',
    );
  }
  return null;
}

const ACCEPTED = new Set(['picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'held']);

/** The carrier has the parcel, on its way to the return ZIP (before release this decides the refund). */
export function acceptedForReturn(result: TrackResult | undefined, ret: ReturnRecord): boolean {
  if (!result?.found || returnParcelProblem(result, ret)) return false;
  return !!result.pickedUpAt || ACCEPTED.has(result.status);
}

/** The carrier delivered it at the return ZIP after the approval: when, else null. */
export function deliveredForReturn(result: TrackResult | undefined, ret: ReturnRecord): string | null {
  if (!result?.found || result.returnedToShipper || result.status !== 'delivered' || !result.deliveredAt) return null;
  const zip = returnZip(ret);
  if (!zip || usZip((result.deliveredTo ?? result.destination)?.zip) !== zip) return null;
  return ms(result.deliveredAt) > ms(ret.decidedAt) - CLOCK_SKEW_MS ? result.deliveredAt : null;
}
