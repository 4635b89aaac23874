import useSWRInfinite from 'swr/infinite';
import { listStoreReviews, updateStore, type StoreSettings } from '../../../../shared/api/stores';
import { apiGet, apiSend } from '../../lib/api';

/** The store's reviews, a page at a time; only fetched once the Reviews tab is open. */
export function useStoreReviews(username: string, enabled: boolean) {
  return useSWRInfinite(
    (index, previous: { cursor: string | null } | null) => {
      if (!enabled || (previous && !previous.cursor)) return null;
      return ['storeReviews', username, previous?.cursor ?? null] as const;
    },
    ([, name, cursor]) => apiGet(listStoreReviews, { params: { username: name }, query: cursor ? { cursor } : {} }),
    { revalidateFirstPage: false },
  );
}

export function saveStore(token: string, body: StoreSettings) {
  return apiSend(updateStore, { body, token });
}
