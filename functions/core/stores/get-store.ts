import type { Store } from '../../../shared/api/stores';
import { getStorePage, type StorePagePort } from '../listings/store-page';
import type { MediaUrl } from '../listings/to-card';
import { storeContact, type StoreContactPort } from '../seller-settings/store-contact';

/**
 * A store's public page: its owner, texts and banner, ratings and listings (the page's rules: listings/store-page), and
 * the contact details the seller's settings show (decision 057).
 */
export async function getStore(
  username: string,
  deps: {
    stores: StorePagePort;
    mediaUrl: MediaUrl;
    returns: { owesRefund(sellerId: string): Promise<boolean> };
    contact: StoreContactPort;
  },
): Promise<Store> {
  const page = await getStorePage(username, deps.stores, deps.mediaUrl);
  const [unresolvedReturn, contact] = await Promise.all([
    deps.returns.owesRefund(page.userId),
    storeContact(page.userId, deps.contact),
  ]);
  return { ...page, unresolvedReturn, contact };
}
