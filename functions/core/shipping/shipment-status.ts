/**
 * Where a parcel is, in our own words. Each carrier adapter maps its status codes to these; `unknown` is a code the
 * adapter does not know (never read as progress). `held` waits at a carrier location for the recipient to collect.
 */
export const SHIPMENT_STATUSES = [
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'held',
  'returning',
  'cancelled',
  'unknown',
] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
