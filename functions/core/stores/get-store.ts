import type { Store } from '../../../shared/api/stores';
import { isDeactivated } from '../../../shared/domain/account-state';
import type { AccountStateStore } from '../account-state/ports';
import { storeStatusOf } from '../account-state/store-state';
import { getStorePage, type StorePagePort } from '../listings/store-page';
import type { MediaUrl } from '../listings/to-card';

/**
 * A store's public page: its owner, texts and banner, ratings and listings (the page's rules: listings/store-page). A
 * deactivated store (decision 059) says so and lists nothing, from the moment its seller asked.
 */
export async function getStore(
  username: string,
  deps: {
    stores: StorePagePort;
    mediaUrl: MediaUrl;
    returns: { owesRefund(sellerId: string): Promise<boolean> };
    states: Pick<AccountStateStore, 'get'>;
  },
): Promise<Store> {
  const page = await getStorePage(username, deps.stores, deps.mediaUrl);
  const [unresolvedReturn, storeStatus] = await Promise.all([
    deps.returns.owesRefund(page.userId),
    storeStatusOf(page.userId, deps.states),
  ]);
  const deactivated = isDeactivated(storeStatus);
  return { ...page, listings: deactivated ? [] : page.listings, unresolvedReturn, deactivated, storeStatus };
}
