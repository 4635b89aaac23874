import type { Profile } from '../../../../../shared/api/profile';
import type { ListingForm } from './listing-form';

/**
 * The item location from the seller's profile address (spec part 3 "Location prefill"): a US address gives its 5-digit
 * ZIP, city and state. Addresses are structured here, so nothing is split on commas.
 */
export function locationFromProfile(profile: Pick<Profile, 'address'> | null): Partial<ListingForm> {
  const a = profile?.address;
  if (!a || a.country !== 'US') return {};
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(a.postalCode.trim())?.[1];
  return {
    ...(zip ? { zipCode: zip } : {}),
    ...(a.city ? { city: a.city } : {}),
    ...(/^[A-Za-z]{2}$/.test(a.state) ? { state: a.state.toUpperCase() } : {}),
  };
}
