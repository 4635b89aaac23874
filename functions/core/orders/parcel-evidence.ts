import { usZip } from '../../../shared/domain/shipping';
import { AppError } from '../../lib/errors';
import type { TrackedShipment, TrackResult } from '../shipping/carrier-port';
import type { OrderRecord, ParcelClaim } from './order';

/**
 * What makes a parcel this order's proof of delivery (docs/decisions/043-parcel-evidence.md): it goes to the buyer's
 * ZIP, nothing of it predates the funded escrow, it was not delivered before it was claimed, and the delivery the
 * release rests on is a scan the carrier made after the claim.
 */

/** How far the carrier's clock and ours may disagree before a scan counts as earlier than the funding. */
export const CLOCK_SKEW_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** When the escrow was funded; an order recorded before fundedAt existed counts from its creation. */
const fundedMs = (order: OrderRecord) => ms(order.fundedAt ?? order.createdAt);

/** The carrier's answer at the claim, kept on the order: the release needs a scan newer than it. */
export function claimSnapshot(parcel: TrackedShipment, at: string): ParcelClaim {
  return { at, lastScanAt: parcel.events[0]?.at ?? null, scanCount: parcel.events.length };
}

/** A shipment claimed before claims were recorded counts from the time it was marked shipped, with no scans seen. */
function claimOf(order: OrderRecord): ParcelClaim | null {
  if (order.shipment.claim) return order.shipment.claim;
  return order.shipment.shippedAt ? { at: order.shipment.shippedAt, lastScanAt: null, scanCount: 0 } : null;
}

function goesToBuyer(parcel: TrackedShipment, order: OrderRecord, where = parcel.destination): boolean {
  const buyerZip = usZip(order.shipping.shipTo?.postalCode);
  return !!buyerZip && usZip(where?.zip) === buyerZip;
}

/** The first thing the carrier knew of the parcel (ship date, pickup or scan) came before the escrow was funded. */
function predatesFunding(parcel: TrackedShipment, order: OrderRecord): boolean {
  const earliest = fundedMs(order) - CLOCK_SKEW_MS;
  // The ship date is a calendar day (midnight, shipper's time): only a day that ended before the funding is too early.
  if (ms(parcel.shipDate) + DAY_MS < earliest) return true;
  if (ms(parcel.pickedUpAt) < earliest) return true;
  const scans = parcel.events.map((e) => ms(e.at)).filter((t) => !Number.isNaN(t));
  return scans.length > 0 && Math.min(...scans) < earliest;
}

/** Why a tracking number the seller entered can't be this order's parcel, or null when it can. */
export function trackingProblem(result: TrackResult | undefined, order: OrderRecord): AppError | null {
  if (!result || !result.found) {
    return new AppError('invalid_state', 'tracking_unknown', 'The carrier does not know this tracking number.');
  }
  if (result.returnedToShipper) {
    return new AppError('invalid_state', 'tracking_returned', 'This parcel is on its way back to the sender.');
  }
  if (result.status === 'delivered' || result.deliveredAt) {
    return new AppError(
      'invalid_state',
      'tracking_delivered',
      'This parcel has already been delivered. Enter the tracking number of the parcel you are sending for this order.',
    );
  }
  if (!goesToBuyer(result, order, result.destination ?? result.deliveredTo)) {
    return new AppError('invalid_state', 'tracking_wrong_zip', "This parcel is not going to the buyer's ZIP code.");
  }
  if (predatesFunding(result, order)) {
    return new AppError(
      'invalid_state',
      'tracking_predates_order',
      'This parcel was shipped before the buyer paid. Enter the tracking number of the parcel you are sending for this order.',
    );
  }
  return null;
}

/**
 * The release rule: a fresh Track answer that says delivered, with an actual delivery time, at the buyer's ZIP, never
 * a parcel that went back to its sender (a "delivered" may then be the return), delivered after the escrow was funded
 * and after the claim, by a scan the claim's snapshot did not have. Gives the delivery time, or null.
 */
export function deliveredToBuyer(result: TrackResult | undefined, order: OrderRecord): string | null {
  if (!result?.found || result.status !== 'delivered' || !result.deliveredAt || result.returnedToShipper) return null;
  if (!goesToBuyer(result, order, result.deliveredTo ?? result.destination)) return null;
  const claim = claimOf(order);
  if (!claim) return null;
  const delivered = ms(result.deliveredAt);
  // Carrier times come to the whole second (or minute): a claim counts from the start of its second.
  const claimed = Math.floor(ms(claim.at) / 1_000) * 1_000;
  if (!(delivered >= claimed) || !(delivered >= Math.floor(fundedMs(order) / 1_000) * 1_000)) return null;
  const newest = result.events[0]?.at ?? null;
  const newScan =
    result.events.length > claim.scanCount &&
    newest !== null &&
    (claim.lastScanAt === null || newest > claim.lastScanAt);
  return newScan ? result.deliveredAt : null;
}
