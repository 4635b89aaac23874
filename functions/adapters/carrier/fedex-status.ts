import type { ShipmentStatus } from '../../core/shipping/shipment-status';

/**
 * FedEx tracking status and scan event codes (API Reference Guide, "Tracking status codes"), grouped by what they mean
 * for us. Derived codes seen only in answers (IN "Label created", RL "Running late") are included; out for delivery
 * arrives as eventType OD with derivedStatusCode IT, so the event type is read first.
 */
const GROUPS: Record<Exclude<ShipmentStatus, 'unknown'>, readonly string[]> = {
  pending: ['OC', 'OX', 'MD', 'IN', 'EP'],
  picked_up: ['PU', 'PX', 'OF', 'AP', 'DO', 'IP'],
  in_transit: [
    'IT',
    'IX',
    'AR',
    'AF',
    'AC',
    'AX',
    'AA',
    'DP',
    'DS',
    'EA',
    'EO',
    'FD',
    'LO',
    'OW',
    'PF',
    'PL',
    'PM',
    'SF',
    'TR',
    'CC',
    'CP',
    'AO',
    'AE',
    'CH',
    'SP',
  ],
  out_for_delivery: ['OD', 'ED', 'AD'],
  delivered: ['DL'],
  exception: ['DE', 'SE', 'CD', 'DD', 'DY', 'PD', 'RL'],
  held: ['HL', 'HP', 'HA'],
  returning: ['RS', 'RT'],
  cancelled: ['CA'],
};

const BY_CODE = new Map<string, ShipmentStatus>(
  Object.entries(GROUPS).flatMap(([status, codes]) => codes.map((c) => [c, status as ShipmentStatus] as const)),
);

/** Codes meaning the parcel is (or is asked to be) on its way back to the shipper. */
export const RETURN_CODES: ReadonlySet<string> = new Set(GROUPS.returning);

/** The first code FedEx gave that we know (e.g. code, then derivedCode); `unknown` when none is known. */
export function statusOfCodes(...codes: readonly (string | null | undefined)[]): ShipmentStatus {
  for (const code of codes) {
    const status = code ? BY_CODE.get(code.toUpperCase()) : undefined;
    if (status) return status;
  }
  return 'unknown';
}
