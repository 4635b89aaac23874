import useSWR from 'swr';
import { getStore } from '../../../../shared/api/stores';
import { apiGet } from '../../lib/api';

/**
 * A public store (header, rating, active listings): the store page and the seller portal's summary card. 'store' is
 * the key the listing-cache refresh looks for.
 */
export function useStore(username: string) {
  return useSWR(username ? ['store', username] : null, () => apiGet(getStore, { params: { username } }));
}
