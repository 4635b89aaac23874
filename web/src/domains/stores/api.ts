import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { startListingPhotoUpload, type ListingPhotoContentType } from '../../../../shared/api/listings';
import {
  getStore,
  listStoreReviews,
  setFeaturedListings,
  updateStore,
  type StoreSettings,
} from '../../../../shared/api/stores';
import { apiGet, apiSend } from '../../lib/api';
import { useOptionalSession } from '../../lib/session/session-context';
import { keys } from '../keys';
import { postUpload } from '../uploads/post-upload';

/**
 * A public store (header, rating, active listings): the store page and the seller portal's summary card. 'store' is
 * the key the listing-cache refresh looks for. Signed in, the request carries the session, so the answer says whether
 * the viewer follows the store; the key names the viewer, and nothing is fetched while a saved session is restored.
 */
export function useStore(username: string) {
  const session = useOptionalSession();
  const restoring = session?.status === 'loading';
  const token = session?.token ?? null;
  const viewer = session?.user?.id ?? null;
  return useSWR(username && !restoring ? keys.store(username, viewer) : null, () =>
    apiGet(getStore, { params: { username }, token }),
  );
}

/** The store's reviews, a page at a time; only fetched once the Reviews tab is open. */
export function useStoreReviews(username: string, enabled: boolean) {
  return useSWRInfinite(
    (index, previous: { cursor: string | null } | null) => {
      if (!enabled || (previous && !previous.cursor)) return null;
      return keys.storeReviews(username, previous?.cursor ?? null);
    },
    ([, name, cursor]) => apiGet(listStoreReviews, { params: { username: name }, query: cursor ? { cursor } : {} }),
    { revalidateFirstPage: false },
  );
}

export function saveStore(token: string, body: StoreSettings) {
  return apiSend(updateStore, { body, token });
}

/**
 * A new banner, saved at once: the file goes to the media bucket like a listing photo (presigned POST), then the
 * server checks and re-encodes it as the store's banner. The caller has checked type and size (image-file.ts).
 */
export async function uploadBanner(file: File, token: string) {
  const ticket = await apiSend(startListingPhotoUpload, {
    body: { contentType: file.type as ListingPhotoContentType, size: file.size },
    token,
  });
  await postUpload(ticket, file);
  return saveStore(token, { bannerKey: ticket.key });
}

/** Pins the store's featured listings in order; none goes back to the newest four. */
export function saveFeaturedListings(token: string, listingIds: string[]) {
  return apiSend(setFeaturedListings, { body: { listingIds }, token });
}
