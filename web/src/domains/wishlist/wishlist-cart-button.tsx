import { useState } from 'react';
import type { WishlistListing } from '../../../../shared/api/wishlist';
import { CartIcon } from '../../components/ui/icons';
import { buyNowPriceCents } from '../cart/cart-view';
import { toastPair } from '../cart/cart-toasts';
import { useCart } from '../cart/api';
import { canBuyWith, COMPLETE_PROFILE_TOAST, useProfile } from '../profile/api';
import { useOptionalSession } from '../../lib/session/session-context';

/**
 * Whether a saved listing can go into the cart from its card: still for sale, with a price to buy at now (a fixed
 * price, or an auction's buy-it-now price before its first bid and its end: the item page's Add to Cart rule), and not
 * the user's own. Otherwise the card shows no Cart button at all.
 */
export function canCartFromWishlist(l: WishlistListing, userId: string | null, nowMs: number): boolean {
  return l.status === 'active' && l.seller.id !== userId && buyNowPriceCents(l, nowMs) !== null;
}

/**
 * The card's Cart action: one unit into the account's cart ('Added to Cart'), under the item page's rules. With the
 * profile lacking a shipping address it reads 'Complete Profile First' and says so instead; the server checks again.
 */
function WishlistCartButton({ listing }: { listing: WishlistListing }) {
  const cart = useCart();
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  // A profile that could not be read counts as incomplete (spec part 2 "Error catalogue").
  const loading = profile.data === undefined && !profile.error;
  const complete = canBuyWith(profile.data);
  const incomplete = !loading && !complete;
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={busy || loading}
      aria-label={`${incomplete ? 'Complete Profile First' : 'Add to cart'}: ${listing.title}`}
      onClick={() => {
        if (!complete) return toastPair(COMPLETE_PROFILE_TOAST);
        setBusy(true);
        void cart.add({ listingId: listing.id, title: listing.title }).finally(() => setBusy(false));
      }}
    >
      <CartIcon />
      {busy ? 'Adding...' : incomplete ? 'Complete Profile First' : 'Cart'}
    </button>
  );
}

/** The Cart button where the listing can be added from its card (see canCartFromWishlist), else nothing. */
export function WishlistCartAction({ listing, nowMs }: { listing: WishlistListing; nowMs: number }) {
  const session = useOptionalSession();
  if (!canCartFromWishlist(listing, session?.user?.id ?? null, nowMs)) return null;
  return <WishlistCartButton listing={listing} />;
}
