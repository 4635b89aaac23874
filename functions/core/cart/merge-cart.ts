import type { MERGE_SKIP_REASONS } from '../../../shared/api/cart';
import { CART_MAX_ITEMS } from '../../../shared/domain/cart';
import { getCart } from './get-cart';
import { offerPrices, unitsWith } from './offer-price';
import type { CartDeps } from './ports';

type SkipReason = (typeof MERGE_SKIP_REASONS)[number];

/**
 * The signed-out cart joins the account's: each line keeps the larger quantity, capped at what is left; lines the
 * buyer can't have (own, gone, unavailable, no room) are skipped and named. Sending the same lines again changes nothing.
 */
export async function mergeCart(
  userId: string,
  lines: readonly { listingId: string; quantity: number }[],
  deps: CartDeps,
) {
  const at = deps.clock.now();
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.listingId, Math.max(wanted.get(l.listingId) ?? 0, l.quantity));
  const current = new Map((await deps.carts.items(userId)).map((i) => [i.listingId, i.quantity]));
  const listings = new Map((await deps.listings.get([...wanted.keys()])).map((l) => [l.listingId, l]));
  const offers = await offerPrices(userId, [...listings.keys()], deps.offers, at);
  const skipped: { listingId: string; reason: SkipReason }[] = [];
  let moved = 0;
  for (const [listingId, quantity] of wanted) {
    const listing = listings.get(listingId);
    const reason: SkipReason | null =
      !listing || listing.status === 'deleted'
        ? 'not_found'
        : listing.sellerId === userId
          ? 'own_listing'
          : unitsWith(listing, offers.get(listingId), at) === 0
            ? 'unavailable'
            : null;
    if (reason) {
      skipped.push({ listingId, reason });
      continue;
    }
    const target = Math.min(
      Math.max(current.get(listingId) ?? 0, quantity),
      unitsWith(listing!, offers.get(listingId), at),
    );
    const outcome = await deps.carts.put(userId, listingId, target, at.toISOString(), CART_MAX_ITEMS);
    if (outcome === 'full') skipped.push({ listingId, reason: 'cart_full' });
    else moved++;
  }
  return { cart: await getCart(userId, deps), moved, skipped };
}
