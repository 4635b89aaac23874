import type { ParcelRecord } from './parcel-store';
import { SCANS } from './scan-events';
import { fedexLocalTime, type ZipPlace } from './zip-places';

const address = (p: ZipPlace, residential?: boolean) => ({
  city: p.city,
  stateOrProvinceCode: p.state,
  postalCode: p.zip,
  countryCode: 'US',
  ...(residential !== undefined && { residential }),
});

/** A ZIP place's local time for an instant, as FedEx writes scan times. */
const localTime = (iso: string, p: ZipPlace) => fedexLocalTime(iso, p.longitude);

/**
 * A parcel as FedEx's Track API describes it (one trackResults entry): latest status, dates (ACTUAL_DELIVERY once
 * delivered), delivery details, shipper and recipient places, a return detail once it is sent back, and the scans
 * newest first.
 */
export function trackResultOf(p: ParcelRecord) {
  const latest = p.scans[0]!;
  const codes = SCANS[latest.kind];
  const delivered = latest.kind === 'delivered' ? latest : undefined;
  const pickup = p.scans.find((s) => s.kind === 'picked_up');
  const exceptions = p.scans.filter((s) => s.kind === 'exception').length;
  const open = latest.kind !== 'delivered' && latest.kind !== 'cancelled';
  const dateAndTimes = [
    ...(delivered ? [{ type: 'ACTUAL_DELIVERY', dateTime: localTime(delivered.at, delivered.place) }] : []),
    ...(open && !p.returning
      ? [
          {
            type: 'ESTIMATED_DELIVERY',
            dateTime: `${p.estimatedDelivery}T20:00:00${localTime(p.createdAt, p.recipient.place).slice(19)}`,
          },
        ]
      : []),
    ...(pickup ? [{ type: 'ACTUAL_PICKUP', dateTime: localTime(pickup.at, pickup.place) }] : []),
    { type: 'SHIP', dateTime: `${p.shipDate}T00:00:00${localTime(p.createdAt, p.shipper.place).slice(19)}` },
  ];
  return {
    trackingNumberInfo: {
      trackingNumber: p.trackingNumber,
      trackingNumberUniqueId: `2461000000~${p.trackingNumber}~FX`,
      carrierCode: p.carrierCode,
    },
    additionalTrackingInfo: {
      packageIdentifiers: p.reference ? [{ type: 'CUSTOMER_REFERENCE', values: [p.reference] }] : [],
    },
    shipperInformation: { address: address(p.shipper.place) },
    recipientInformation: { address: address(p.recipient.place, p.recipient.residential) },
    latestStatusDetail: {
      code: codes.latestCode,
      derivedCode: codes.latestCode,
      statusByLocale: codes.latestDescription,
      description: codes.latestDescription,
      scanLocation: address(latest.place),
      ...(codes.exceptionCode && {
        ancillaryDetails: [{ reason: codes.exceptionCode, reasonDescription: codes.exceptionDescription }],
      }),
    },
    dateAndTimes,
    serviceDetail: { type: p.serviceType, description: p.serviceName },
    packageDetails: { count: '1', weightAndDimensions: { weight: [{ value: String(p.weightLb), unit: 'LB' }] } },
    deliveryDetails: delivered
      ? {
          receivedByName: p.returning ? 'SHIPPER' : 'RECIPIENT',
          locationType: p.returning || !p.recipient.residential ? 'SHIPPING_RECEIVING' : 'RESIDENCE',
          deliveryAttempts: String(exceptions),
          actualDeliveryAddress: address(delivered.place, p.returning ? false : p.recipient.residential),
        }
      : { deliveryAttempts: String(exceptions) },
    ...(p.returning && { returnDetail: { reasonDetail: [{ description: 'Returned to shipper' }] } }),
    availableImages: delivered ? [{ type: 'SIGNATURE_PROOF_OF_DELIVERY' }] : [],
    scanEvents: p.scans.map((s) => {
      const c = SCANS[s.kind];
      return {
        date: localTime(s.at, s.place),
        eventType: c.eventType,
        eventDescription: c.eventDescription,
        exceptionCode: c.exceptionCode ?? '',
        exceptionDescription: c.exceptionDescription ?? '',
        scanLocation: address(s.place),
        derivedStatusCode: c.derivedStatusCode,
        derivedStatus: c.derivedStatus,
      };
    }),
  };
}

/** FedEx's answer for a number it does not know (or cannot read), inside a 200. */
export function trackErrorResult(trackingNumber: string, code: string, message: string) {
  return {
    trackingNumberInfo: { trackingNumber, trackingNumberUniqueId: '', carrierCode: '' },
    error: { code, message },
  };
}
