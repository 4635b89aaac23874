import type { Place, ScanEvent, TrackedShipment, TrackResult } from '../../core/shipping/carrier-port';
import { unreadable } from './fedex-errors';
import { trackOutputSchema, trackResultSchema, type FedexAddress, type FedexTrackResult } from './fedex-schemas';
import { RETURN_CODES, statusOfCodes } from './fedex-status';

export const TRACK_PATH = '/track/v1/trackingnumbers';

export function trackRequestBody(trackingNumbers: readonly string[]) {
  return {
    includeDetailedScans: true,
    trackingInfo: trackingNumbers.map((trackingNumber) => ({ trackingNumberInfo: { trackingNumber } })),
  };
}

const FEDEX_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|([+-]\d{2}):?(\d{2}))?$/;

/**
 * FedEx's times ("2026-11-25T14:02:00-06:00", local time with its offset) -> ISO-8601 UTC. Some come without an
 * offset ("2024-08-15T00:00:00"); FedEx names no zone for those, so they are read as UTC.
 */
export function fedexTimeToIso(text: string | null | undefined): string | null {
  const m = FEDEX_TIME.exec(text ?? '');
  if (!m) return null;
  const zone = m[2] === undefined ? 'Z' : m[2] === 'Z' ? 'Z' : `${m[3]}:${m[4]}`;
  const ms = Date.parse(`${m[1]}${zone}`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function placeOf(a: FedexAddress): Place | null {
  if (!a) return null;
  const p: Place = {
    city: a.city || null,
    state: a.stateOrProvinceCode || null,
    zip: a.postalCode || null,
    country: a.countryCode || null,
  };
  return Object.values(p).some((v) => v !== null) ? p : null;
}

const newestFirst = (a: ScanEvent, b: ScanEvent) => (b.at ?? '').localeCompare(a.at ?? '');

/** One FedEx trackResult -> our view of the shipment: status from the latest code, events newest first. */
export function toTrackedShipment(trackingNumber: string, r: FedexTrackResult): TrackedShipment {
  const scans = r.scanEvents ?? [];
  // Webhooks and duplicate results may come out of order: sort by the scan time, not by position.
  const events: ScanEvent[] = scans
    .map((e) => ({
      at: fedexTimeToIso(e.date),
      code: e.eventType || e.derivedStatusCode || '',
      description: e.eventDescription || e.derivedStatus || '',
      status: statusOfCodes(e.eventType, e.derivedStatusCode),
      location: placeOf(e.scanLocation),
      exceptionCode: e.exceptionCode || null,
      exceptionDescription: e.exceptionDescription || null,
    }))
    .sort(newestFirst);
  const latest = r.latestStatusDetail;
  const status = latest ? statusOfCodes(latest.code, latest.derivedCode) : (events[0]?.status ?? 'unknown');
  const timeOf = (type: string) => fedexTimeToIso(r.dateAndTimes?.find((d) => d.type === type)?.dateTime);
  const returnDetail = r.returnDetail;
  const returnedToShipper =
    [latest?.code, latest?.derivedCode].some((c) => !!c && RETURN_CODES.has(c)) ||
    scans.some((e) => [e.eventType, e.derivedStatusCode].some((c) => !!c && RETURN_CODES.has(c))) ||
    (typeof returnDetail === 'object' && returnDetail !== null && Object.keys(returnDetail).length > 0);
  return {
    trackingNumber,
    found: true,
    status,
    statusCode: latest?.code || latest?.derivedCode || events[0]?.code || '',
    statusDescription: latest?.description || latest?.statusByLocale || events[0]?.description || '',
    deliveredAt: timeOf('ACTUAL_DELIVERY'),
    estimatedDeliveryAt: timeOf('ESTIMATED_DELIVERY'),
    shipDate: timeOf('SHIP'),
    pickedUpAt: timeOf('ACTUAL_PICKUP'),
    destination:
      placeOf(r.recipientInformation?.address) ??
      placeOf(r.destinationLocation?.locationContactAndAddress?.address) ??
      placeOf(r.lastUpdatedDestinationAddress),
    deliveredTo: placeOf(r.deliveryDetails?.actualDeliveryAddress),
    events,
    returnedToShipper,
  };
}

/**
 * FedEx's completeTrackResults -> one result per number asked, in order. A number FedEx does not know comes back
 * inside the 200 as a per-result error (TRACKING.TRACKINGNUMBER.NOTFOUND): found false with FedEx's code. A number
 * with several results (FedEx reuses numbers) is the one with the newest scan.
 */
export function toTrackResults(trackingNumbers: readonly string[], output: Record<string, unknown>): TrackResult[] {
  const what = 'track shipments';
  const parsed = trackOutputSchema.safeParse(output);
  if (!parsed.success) throw unreadable(what);
  const byNumber = new Map<string, FedexTrackResult[]>();
  for (const complete of parsed.data.completeTrackResults) {
    if (!complete.trackingNumber) continue;
    const results = (complete.trackResults ?? []).map((raw) => {
      const result = trackResultSchema.safeParse(raw);
      if (!result.success) throw unreadable(what);
      return result.data;
    });
    byNumber.set(complete.trackingNumber, [...(byNumber.get(complete.trackingNumber) ?? []), ...results]);
  }
  return trackingNumbers.map((trackingNumber): TrackResult => {
    const results = byNumber.get(trackingNumber) ?? [];
    if (results.length === 0) throw unreadable(what);
    const tracked = results.filter((r) => !r.error).map((r) => toTrackedShipment(trackingNumber, r));
    if (tracked.length === 0) {
      const error = results[0]!.error!;
      return { trackingNumber, found: false, code: error.code, message: error.message ?? '' };
    }
    return tracked.reduce((a, b) => ((b.events[0]?.at ?? '') > (a.events[0]?.at ?? '') ? b : a));
  });
}
