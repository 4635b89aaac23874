import type { Store } from '../../../shared/api/stores';
import type { FollowStore } from '../follows/ports';
import { isDeactivated } from '../../../shared/domain/account-state';
import type { AccountStateStore } from '../account-state/ports';
import { storeStatusOf } from '../account-state/store-state';
import { getStorePage, type StorePagePort } from '../listings/store-page';
import type { MediaUrl } from '../listings/to-card';
import { storeContact, type StoreContactPort } from '../seller-settings/store-contact';

/**
 * A store's public page: its owner, texts and banner, ratings and listings (the page's rules: listings/store-page),
 * for a signed-in viewer whether they follow it (decision 058), and the contact details the seller's settings show
 * (decision 057). A deactivated store (decision 059) says so and lists nothing, from the moment its seller asked.
 */
export async function getStore(
  username: string,
  deps: {
    stores: StorePagePort;
    mediaUrl: MediaUrl;
    returns: { owesRefund(sellerId: string): Promise<boolean> };
    follows: Pick<FollowStore, 'isFollowing'>;
    contact: StoreContactPort;
    states: Pick<AccountStateStore, 'get'>;
  },
  viewerId: string | null = null,
): Promise<Store> {
  const page = await getStorePage(username, deps.stores, deps.mediaUrl);
  const [unresolvedReturn, isFollowing, contact, storeStatus] = await Promise.all([
    deps.returns.owesRefund(page.userId),
    viewerId && viewerId !== page.userId ? deps.follows.isFollowing(viewerId, page.userId) : false,
    storeContact(page.userId, deps.contact),
    storeStatusOf(page.userId, deps.states),
  ]);
  const deactivated = isDeactivated(storeStatus);
  const listings = deactivated ? [] : page.listings;
  const featured = deactivated ? [] : page.featured;
  return { ...page, listings, featured, unresolvedReturn, isFollowing, contact, deactivated, storeStatus };
}
