import useSWR from 'swr';
import { getProfile, type Profile } from '../../../../shared/api/profile';
import { apiGet } from '../../lib/api';
import { useOptionalSession } from '../../lib/session/session-context';
import { keys } from '../keys';

/** The signed-in user's profile; the same cache entry as /settings, so a save there shows here at once. */
export function useProfile() {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const user = session?.user ?? null;
  return useSWR(user && token ? keys.profile(user.id) : null, () => apiGet(getProfile, { token }));
}

/**
 * Whether the profile is complete enough to buy with (spec part 1 "Buy Now" and "Add to cart from the detail page":
 * name, email and phone, and a shipping address; the server's checkout asks the same). No profile, or one that could
 * not be read, is incomplete.
 */
export function canBuyWith(profile: Profile | undefined | null): boolean {
  return !!profile && profile.profileComplete && profile.address !== null;
}

export const COMPLETE_PROFILE_TOAST = [
  'Complete Your Profile',
  'Please complete your profile including shipping address before adding items to cart.',
] as const;
