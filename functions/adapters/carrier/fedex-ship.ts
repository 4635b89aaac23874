import type {
  CancelledShipment,
  CreatedShipment,
  ShipmentRequest,
  ShippingParty,
} from '../../core/shipping/carrier-port';
import { unreadable } from './fedex-errors';
import { fedexAmountToCents } from './fedex-money';
import { packageLine, usAddress } from './fedex-package';
import { cancelOutputSchema, shipOutputSchema } from './fedex-schemas';

export const SHIP_PATH = '/ship/v1/shipments';
export const CANCEL_PATH = '/ship/v1/shipments/cancel';

function party(p: ShippingParty) {
  return {
    contact: { personName: p.name, phoneNumber: p.phone },
    address: { streetLines: p.streetLines, city: p.city, ...usAddress(p.zip, p.state), residential: !!p.residential },
  };
}

/**
 * A shipment paid by our account, dropped off at FedEx, with the label in the answer (base64 PDF, so no second fetch
 * of a label URL whose authentication FedEx does not document). Ship spells the date shipDatestamp (Rate: ...Stamp).
 */
export function shipRequestBody(accountNumber: string, r: ShipmentRequest) {
  const references = r.reference
    ? { customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: r.reference }] }
    : {};
  // Weight is not money: a float sum is fine, rounded to what FedEx prints.
  const totalWeight = Math.round(r.packages.reduce((sum, p) => sum + p.weightLb, 0) * 100) / 100;
  return {
    labelResponseOptions: 'LABEL',
    accountNumber: { value: accountNumber },
    requestedShipment: {
      ...(r.shipDate && { shipDatestamp: r.shipDate }),
      shipper: party(r.shipper),
      recipients: [party(r.recipient)],
      serviceType: r.serviceType,
      packagingType: 'YOUR_PACKAGING',
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      shippingChargesPayment: { paymentType: 'SENDER' },
      labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
      totalWeight,
      requestedPackageLineItems: r.packages.map((p) => ({ ...packageLine(p), ...references })),
    },
  };
}

export function toCreatedShipment(output: Record<string, unknown>, requestedService: string): CreatedShipment {
  const parsed = shipOutputSchema.safeParse(output);
  if (!parsed.success) throw unreadable('create a shipment');
  const shipment = parsed.data.transactionShipments[0]!;
  const piece = shipment.pieceResponses?.[0];
  const trackingNumber =
    shipment.masterTrackingNumber ??
    shipment.completedShipmentDetail?.masterTrackingId?.trackingNumber ??
    piece?.trackingNumber;
  if (!trackingNumber) throw unreadable('create a shipment');
  const label = [...(piece?.packageDocuments ?? []), ...(shipment.shipmentDocuments ?? [])].find(
    (d) => (d.contentType ?? 'LABEL') === 'LABEL' && (d.encodedLabel || d.url),
  );
  const rating = shipment.completedShipmentDetail?.shipmentRating?.shipmentRateDetails?.find(
    (r) => (r.currency ?? 'USD') === 'USD' && r.totalNetCharge !== null && r.totalNetCharge !== undefined,
  );
  const pieceCharge = (piece?.currency ?? 'USD') === 'USD' ? piece?.netChargeAmount : null;
  const charge = rating?.totalNetCharge ?? pieceCharge;
  return {
    trackingNumber,
    serviceType: shipment.serviceType ?? requestedService,
    serviceName: shipment.serviceName ?? null,
    chargeCents: charge === null || charge === undefined ? null : fedexAmountToCents(charge),
    labelPdfBase64: label?.encodedLabel ?? null,
    labelUrl: label?.url ?? null,
  };
}

export function cancelRequestBody(accountNumber: string, trackingNumber: string) {
  return {
    accountNumber: { value: accountNumber },
    trackingNumber,
    senderCountryCode: 'US',
    deletionControl: 'DELETE_ALL_PACKAGES',
  };
}

export function toCancelledShipment(output: Record<string, unknown>): CancelledShipment {
  const parsed = cancelOutputSchema.safeParse(output);
  if (!parsed.success) throw unreadable('cancel a shipment');
  return {
    cancelled: parsed.data.cancelledShipment,
    message: parsed.data.message ?? parsed.data.successMessage ?? null,
  };
}
