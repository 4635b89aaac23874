import type { Store } from '../../../shared/api/stores';
import { getStorePage, type StorePagePort } from '../listings/store-page';
import type { MediaUrl } from '../listings/to-card';

/** A store's public page: its owner, texts and banner, ratings and listings (the page's rules: listings/store-page). */
export async function getStore(username: string, deps: { stores: StorePagePort; mediaUrl: MediaUrl }): Promise<Store> {
  return getStorePage(username, deps.stores, deps.mediaUrl);
}
