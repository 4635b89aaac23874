/** What can happen to a parcel from the page or the control API. */
export const MOVES = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'returned_to_sender',
] as const;
export type Move = (typeof MOVES)[number];

export const MOVE_LABELS: Record<Move, string> = {
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  exception: 'Exception',
  returned_to_sender: 'Returned to sender',
};

export type ScanKind = 'created' | Move | 'cancelled';

/**
 * FedEx's codes for each kind of scan, as real answers show them: eventType plus the derived code the scan carries
 * (out for delivery is OD with derived IT), and the latest-status code and text the parcel shows while it is the last
 * scan.
 */
export interface ScanCodes {
  eventType: string;
  eventDescription: string;
  derivedStatusCode: string;
  derivedStatus: string;
  latestCode: string;
  latestDescription: string;
  exceptionCode?: string;
  exceptionDescription?: string;
}

export const SCANS: Record<ScanKind, ScanCodes> = {
  created: {
    eventType: 'OC',
    eventDescription: 'Shipment information sent to FedEx',
    derivedStatusCode: 'IN',
    derivedStatus: 'Label created',
    latestCode: 'OC',
    latestDescription: 'Label created',
  },
  picked_up: {
    eventType: 'PU',
    eventDescription: 'Picked up',
    derivedStatusCode: 'PU',
    derivedStatus: 'Picked up',
    latestCode: 'PU',
    latestDescription: 'Picked up',
  },
  in_transit: {
    eventType: 'AR',
    eventDescription: 'Arrived at FedEx location',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    latestCode: 'IT',
    latestDescription: 'In transit',
  },
  out_for_delivery: {
    eventType: 'OD',
    eventDescription: 'On FedEx vehicle for delivery',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    latestCode: 'OD',
    latestDescription: 'On FedEx vehicle for delivery',
  },
  delivered: {
    eventType: 'DL',
    eventDescription: 'Delivered',
    derivedStatusCode: 'DL',
    derivedStatus: 'Delivered',
    latestCode: 'DL',
    latestDescription: 'Delivered',
  },
  exception: {
    eventType: 'DE',
    eventDescription: 'Delivery exception',
    derivedStatusCode: 'DE',
    derivedStatus: 'Delivery exception',
    latestCode: 'DE',
    latestDescription: 'Delivery exception',
    exceptionCode: '08',
    exceptionDescription: 'Customer not available or business closed',
  },
  returned_to_sender: {
    eventType: 'RS',
    eventDescription: 'Return to shipper',
    derivedStatusCode: 'RS',
    derivedStatus: 'Return to shipper',
    latestCode: 'RS',
    latestDescription: 'Returning package to shipper',
  },
  cancelled: {
    eventType: 'CA',
    eventDescription: 'Shipment cancelled by sender',
    derivedStatusCode: 'CA',
    derivedStatus: 'Cancelled',
    latestCode: 'CA',
    latestDescription: 'Shipment cancelled',
  },
};
