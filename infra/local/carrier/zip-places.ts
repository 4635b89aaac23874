import zipcodes from 'zipcodes';

/** A US ZIP's place as the stand-in uses it: FedEx writes cities in capitals. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** A US ZIP or ZIP+4 from the bundled dataset; null for anything else (format checked first: the dataset is a plain object). */
export function zipPlace(postalCode: unknown): ZipPlace | null {
  const m = typeof postalCode === 'string' ? /^(\d{5})(?:-?\d{4})?$/.exec(postalCode.trim()) : null;
  if (!m) return null;
  const found = zipcodes.lookup(m[1]!);
  if (!found || found.country !== 'US') return null;
  return {
    zip: m[1]!,
    city: found.city.toUpperCase(),
    state: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
  };
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: ZipPlace, b: ZipPlace): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/**
 * A rough UTC offset for a US place from its longitude (standard time, no DST): enough for FedEx-style local times
 * with an offset ("2026-11-25T14:02:00-06:00"), which the adapter must read back to the same instant.
 */
export function utcOffsetHours(longitude: number): number {
  if (longitude > -87.5) return -5;
  if (longitude > -101) return -6;
  if (longitude > -115) return -7;
  if (longitude > -130) return -8;
  if (longitude > -150) return -9;
  return -10;
}

/** An instant as FedEx writes it: local wall time of the place with its offset. */
export function fedexLocalTime(iso: string, longitude: number): string {
  const offset = utcOffsetHours(longitude);
  const local = new Date(Date.parse(iso) + offset * 3_600_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(offset)).padStart(2, '0')}:00`;
}
