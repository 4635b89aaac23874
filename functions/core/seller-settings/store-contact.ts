import type { Store } from '../../../shared/api/stores';
import type { SellerSettings } from '../../../shared/domain/seller-settings';

export interface StoreContactPort {
  /** The seller's settings (the defaults when they never saved). */
  settings(userId: string): Promise<SellerSettings>;
  /** The email and phone of the seller's profile (empty when not filled). */
  details(userId: string): Promise<{ email: string; phone: string }>;
}

/**
 * What the store page shows of how to reach the seller (decision 057): their profile's email and phone only when they
 * chose to show them (read only then), and whether they take new conversations.
 */
export async function storeContact(userId: string, port: StoreContactPort): Promise<Store['contact']> {
  const { privacy } = await port.settings(userId);
  const details = privacy.showEmail || privacy.showPhone ? await port.details(userId) : null;
  return {
    email: (privacy.showEmail && details?.email) || null,
    phone: (privacy.showPhone && details?.phone) || null,
    acceptsMessages: privacy.allowDirectContact,
  };
}
