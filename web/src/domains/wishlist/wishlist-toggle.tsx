import '../../styles/wishlist-toggle.css';
import { useState } from 'react';
import { HeartIcon } from '../../components/ui/icons';
import { useWishlist } from './api';

/**
 * The heart on a listing card: adds or removes it from the signed-in user's wishlist (signed out: a toast). With
 * `canAdd` false (a sold listing) it only shows to remove a listing already saved.
 */
export function WishlistToggle({
  listingId,
  title,
  canAdd = true,
}: {
  listingId: string;
  title: string;
  canAdd?: boolean;
}) {
  const { saved, toggle, ready } = useWishlist();
  const [busy, setBusy] = useState(false);
  const on = saved.has(listingId);
  if (!on && !canAdd) return null;
  return (
    <button
      type="button"
      className={`wishlist-toggle${on ? ' on' : ''}`}
      aria-pressed={on}
      aria-label={`${on ? 'Remove from wishlist' : 'Add to wishlist'}: ${title}`}
      disabled={busy || !ready}
      onClick={() => {
        setBusy(true);
        void toggle(listingId).finally(() => setBusy(false));
      }}
    >
      <HeartIcon filled={on} />
    </button>
  );
}
