import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { getStore, listStoreReviews, updateStore, type StoreSettings } from '../../../../shared/api/stores';
import { apiGet, apiSend } from '../../lib/api';
import { keys } from '../keys';

/**
 * A public store (header, rating, active listings): the store page and the seller portal's summary card. 'store' is
 * the key the listing-cache refresh looks for.
 */
export function useStore(username: string) {
  return useSWR(username ? keys.store(username) : null, () => apiGet(getStore, { params: { username } }));
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
