import type { Cart } from '../../../shared/api/cart';
import { priceLine } from './cart-rules';
import { offerPrices } from './offer-price';
import type { CartDeps } from './ports';

/** The cart with every line priced now; lines whose listing is gone altogether are dropped from the answer. */
export async function getCart(userId: string, deps: CartDeps): Promise<Cart> {
  const items = await deps.carts.items(userId);
  const at = deps.clock.now();
  const ids = items.map((i) => i.listingId);
  const [found, offers] = await Promise.all([deps.listings.get(ids), offerPrices(userId, ids, deps.offers, at)]);
  const listings = new Map(found.map((l) => [l.listingId, l]));
  const lines = items.flatMap((item) => {
    const listing = listings.get(item.listingId);
    return listing ? [priceLine(item, listing, deps, at, offers.get(listing.listingId))] : [];
  });
  const counted = lines.filter((l) => l.status !== 'unavailable');
  const itemsCents = counted.reduce((sum, l) => sum + (l.unitPriceCents ?? 0) * l.quantity, 0);
  const shippingCents = counted.reduce((sum, l) => sum + l.shippingCostCents * l.quantity, 0);
  return {
    items: lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    itemsCents,
    shippingCents,
    totalCents: itemsCents + shippingCents,
  };
}
