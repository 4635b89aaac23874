import useSWR from 'swr';
import { endListing, listMyListings } from '../../../../shared/api/listing-write';
import { apiGet, apiSend } from '../../lib/api';

/**
 * The signed-in seller's listings, every status, newest first. Keyed by the user, not the token, so a renewed token
 * keeps the cache (SWR calls the latest fetcher). 'myListings' is the key the shared cache refresh looks for.
 */
export function useMyListings(userId: string, token: string) {
  return useSWR(['myListings', userId], () => apiGet(listMyListings, { token }));
}

/** The seller's public store (name, description, rating) for the summary card. */
export { useStore as useStoreSummary } from '../stores/api';

export function endMyListing(token: string, listingId: string) {
  return apiSend(endListing, { params: { listingId }, body: {}, token });
}
