import type { Store } from '../../../shared/api/stores';
import type { FollowStore } from '../follows/ports';
import { getStorePage, type StorePagePort } from '../listings/store-page';
import type { MediaUrl } from '../listings/to-card';
import { storeContact, type StoreContactPort } from '../seller-settings/store-contact';

/**
 * A store's public page: its owner, texts and banner, ratings and listings (the page's rules: listings/store-page),
 * for a signed-in viewer whether they follow it (decision 058), and the contact details the seller's settings show
 * (decision 057).
 */
export async function getStore(
  username: string,
  deps: {
    stores: StorePagePort;
    mediaUrl: MediaUrl;
    returns: { owesRefund(sellerId: string): Promise<boolean> };
    follows: Pick<FollowStore, 'isFollowing'>;
    contact: StoreContactPort;
  },
  viewerId: string | null = null,
): Promise<Store> {
  const page = await getStorePage(username, deps.stores, deps.mediaUrl);
  const [unresolvedReturn, isFollowing, contact] = await Promise.all([
    deps.returns.owesRefund(page.userId),
    viewerId && viewerId !== page.userId ? deps.follows.isFollowing(viewerId, page.userId) : false,
    storeContact(page.userId, deps.contact),
  ]);
  return { ...page, unresolvedReturn, isFollowing, contact };
}
