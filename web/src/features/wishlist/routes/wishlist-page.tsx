import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ListingCard } from '../../../../../shared/api/listings';
import type { WishlistEntry } from '../../../../../shared/api/wishlist';
import { CONDITION_LABELS } from '../../../../../shared/domain/listing';
import { formatTimeLeft } from '../../../../../shared/domain/time-left';
import { CartIcon, HeartIcon } from '../../../components/ui/icons';
import { buyNowPriceCents } from '../../../lib/cart/cart-view';
import { toastPair } from '../../../lib/cart/cart-toasts';
import { useCart } from '../../../lib/cart/use-cart';
import { canBuyWith, COMPLETE_PROFILE_TOAST, useProfile } from '../../../lib/profile';
import { PageLoading } from '../../../components/ui/page-loading';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useOptionalSession } from '../../../lib/session/session-context';
import { useWishlist } from '../../../lib/wishlist';
import { LoadFailed } from '../../../components/ui/load-failed';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Added just now', 'Added 5m ago', 'Added 3h ago', 'Added 2d ago'. */
export function addedText(iso: string, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'Added just now';
  if (minutes < 60) return `Added ${minutes}m ago`;
  if (minutes < 1440) return `Added ${Math.floor(minutes / 60)}h ago`;
  return `Added ${Math.floor(minutes / 1440)}d ago`;
}

/** Spec part 2 stat tiles: saved items, auctions ending within 24 hours, auctions still running. */
export function wishlistStats(items: readonly WishlistEntry[], nowMs: number) {
  const running = items
    .map((i) => i.listing)
    .filter((l) => l?.listingType === 'auction' && l.endsAt !== null && Date.parse(l.endsAt) > nowMs);
  return {
    saved: items.length,
    endingSoon: running.filter((l) => Date.parse(l!.endsAt!) - nowMs <= DAY_MS).length,
    activeAuctions: running.length,
  };
}

/**
 * The card's Cart action: one unit into the account's cart, under the item page's rules (a profile with a shipping
 * address; not on the user's own listing, where it is not offered; only listings with a price to buy at).
 */
function CartButton({ listing }: { listing: ListingCard }) {
  const session = useOptionalSession();
  const cart = useCart();
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  if (buyNowPriceCents(listing, Date.now()) === null || session?.user?.id === listing.seller.id) return null;
  const loading = profile.data === undefined && !profile.error;
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={busy || loading}
      aria-label={`Add to cart: ${listing.title}`}
      onClick={() => {
        if (!canBuyWith(profile.data)) return toastPair(COMPLETE_PROFILE_TOAST);
        setBusy(true);
        void cart.add({ listingId: listing.id, title: listing.title }).finally(() => setBusy(false));
      }}
    >
      <CartIcon />
      Cart
    </button>
  );
}

function Entry({ entry, nowMs, onRemove }: { entry: WishlistEntry; nowMs: number; onRemove(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const l = entry.listing;
  const title = l?.title ?? 'This listing is no longer available';
  return (
    <li className="wishlist-entry">
      <article aria-label={title} className="wishlist-card">
        {l?.image ? (
          <img src={l.image.thumbUrl} alt={l.title} width={160} height={120} loading="lazy" decoding="async" />
        ) : (
          <div className="wishlist-card-noimage">No Image</div>
        )}
        <div className="wishlist-card-body">
          <h2 className="wishlist-card-title">{title}</h2>
          {l && (
            <ul className="wishlist-card-badges" aria-label="Details">
              {l.featured && <li className="badge badge-warning">Featured</li>}
              <li className="badge badge-primary">{l.listingType === 'auction' ? 'Auction' : 'Buy Now'}</li>
              <li className="badge">{CONDITION_LABELS[l.condition]}</li>
              <li className="badge">{l.category}</li>
              {l.endsAt && <li className="badge">{formatTimeLeft(l.endsAt, nowMs)}</li>}
            </ul>
          )}
          <p className="wishlist-card-added">{addedText(entry.addedAt, nowMs)}</p>
          {l && (
            <Link to={`/item/${l.id}`} className="btn btn-primary btn-sm" aria-label={`View ${title}`}>
              View
            </Link>
          )}
          {l && <CartButton listing={l} />}
        </div>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          aria-label={`Remove from wishlist: ${title}`}
          onClick={() => {
            setBusy(true);
            void onRemove().finally(() => setBusy(false));
          }}
        >
          Remove
        </button>
      </article>
    </li>
  );
}

/** /wishlist (spec part 2 "Wishlist page"). */
export function WishlistPage() {
  const session = useOptionalSession();
  const { data, error, isLoading, mutate, toggle } = useWishlist();
  const nowMs = Date.now();
  if (session?.status === 'loading') return <PageLoading />;
  if (!session?.token) {
    return (
      <div className="container page-narrow">
        <h1 className="page-title">Wishlist</h1>
        <div className="status">
          <p className="status-title">Connect your wallet to see your wishlist</p>
          <button type="button" className="btn btn-primary" onClick={requestConnectWallet}>
            Connect Your Wallet
          </button>
        </div>
      </div>
    );
  }
  if (isLoading && !data) return <PageLoading />;
  if (error && !data) {
    return (
      <div className="container page-narrow">
        <h1 className="page-title">Wishlist</h1>
        <LoadFailed title="Failed to load your wishlist" onRetry={() => void mutate()} />
      </div>
    );
  }
  const items = data?.items ?? [];
  const stats = wishlistStats(items, nowMs);
  return (
    <div className="container page-narrow wishlist-page">
      <h1 className="page-title">Wishlist</h1>
      <dl className="wishlist-stats">
        <div>
          <dt>Items Saved</dt>
          <dd>{stats.saved}</dd>
        </div>
        <div>
          <dt>Ending Soon</dt>
          <dd>{stats.endingSoon}</dd>
        </div>
        <div>
          <dt>Active Auctions</dt>
          <dd>{stats.activeAuctions}</dd>
        </div>
      </dl>
      {items.length === 0 ? (
        <div className="status">
          <HeartIcon />
          <p className="status-title">Your wishlist is empty</p>
          <Link to="/marketplace" className="btn btn-primary">
            Browse the Marketplace
          </Link>
        </div>
      ) : (
        <ul className="wishlist-list" aria-label="Saved listings">
          {items.map((entry) => (
            <Entry key={entry.listingId} entry={entry} nowMs={nowMs} onRemove={() => toggle(entry.listingId)} />
          ))}
        </ul>
      )}
    </div>
  );
}
