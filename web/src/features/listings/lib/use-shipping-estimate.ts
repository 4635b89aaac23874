import type { ListingDetail, ListingShippingEstimate } from '../../../../../shared/api/listings';
import { LISTING_FALLBACK_SHIPPING_CENTS } from '../../../../../shared/domain/shipping';
import { useListingShippingEstimate } from '../../../domains/listings/api';
import { useProfile } from '../../../domains/profile/api';
import { useOptionalSession } from '../../../lib/session/session-context';

export type ShippingEstimateState =
  /** Not calculated shipping, or the seller's location has no ZIP: the label alone. */
  | { kind: 'none' }
  /** Calculated, but only a signed-in viewer gets an estimate (spec part 1 business constants). */
  | { kind: 'sign-in' }
  | { kind: 'loading' }
  | { kind: 'quoted'; estimate: ListingShippingEstimate }
  /** The carrier failed (the server says so) or the estimate could not be read: the spec's 8.99, as an estimate. */
  | { kind: 'fallback'; costCents: number };

/**
 * The listing page's shipping estimate (spec part 1: calculated shipping uses the estimate only when the viewer is
 * signed in and the seller's location has a ZIP; decision 051). Asked once the viewer's profile is read, keyed by
 * their saved address, so a new address asks again.
 */
export function useShippingEstimate(l: ListingDetail): ShippingEstimateState {
  const session = useOptionalSession();
  const profile = useProfile();
  const applies = l.shippingType === 'calculated' && /^\d{5}$/.test(l.location?.zipCode ?? '');
  const signedIn = session?.status === 'signed-in' && !!session.user && !!session.token;
  const profileRead = profile.data !== undefined || profile.error !== undefined;
  const address = profile.data?.address ? JSON.stringify(profile.data.address) : 'none';
  const swr = useListingShippingEstimate(
    applies && signedIn && profileRead
      ? { listingId: l.id, userId: session.user!.id, token: session.token!, address }
      : null,
  );
  if (!applies) return { kind: 'none' };
  if (!signedIn) return session?.status === 'loading' ? { kind: 'loading' } : { kind: 'sign-in' };
  if (swr.data) {
    return swr.data.source === 'fallback'
      ? { kind: 'fallback', costCents: swr.data.costCents }
      : { kind: 'quoted', estimate: swr.data };
  }
  if (swr.error) return { kind: 'fallback', costCents: LISTING_FALLBACK_SHIPPING_CENTS };
  return { kind: 'loading' };
}
