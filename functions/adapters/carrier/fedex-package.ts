import type { PackageSpec } from '../../core/shipping/carrier-port';

/**
 * A package line in FedEx's shape. FedEx takes dimensions as whole inches (all three or none), so they are rounded up:
 * a box is never declared smaller than it is.
 */
export function packageLine(p: PackageSpec) {
  const { lengthIn, widthIn, heightIn } = p;
  const dimensions =
    lengthIn !== undefined && widthIn !== undefined && heightIn !== undefined
      ? { length: Math.ceil(lengthIn), width: Math.ceil(widthIn), height: Math.ceil(heightIn), units: 'IN' }
      : undefined;
  return { weight: { units: 'LB', value: p.weightLb }, ...(dimensions && { dimensions }) };
}

/** A US address as Rate and Ship take it (ZIP as text; state only when known). */
export function usAddress(zip: string, state: string | undefined) {
  return { postalCode: zip, ...(state && { stateOrProvinceCode: state }), countryCode: 'US' };
}
