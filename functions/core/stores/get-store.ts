import type { Store } from '../../../shared/api/stores';
import { getStorePage, type StorePagePort } from '../listings/store-page';
import type { MediaUrl } from '../listings/to-card';

/** A store's public page: its owner, texts and banner, ratings and listings (the page's rules: listings/store-page). */
export async function getStore(
  username: string,
  deps: { stores: StorePagePort; mediaUrl: MediaUrl; returns: { owesRefund(sellerId: string): Promise<boolean> } },
): Promise<Store> {
  const page = await getStorePage(username, deps.stores, deps.mediaUrl);
  return { ...page, unresolvedReturn: await deps.returns.owesRefund(page.userId) };
}
