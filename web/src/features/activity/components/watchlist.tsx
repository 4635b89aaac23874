import { Link } from 'react-router-dom';
import { listingTopic } from '../../../../../shared/events';
import type { WishlistEntry } from '../../../../../shared/api/wishlist';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import type { useWishlist } from '../../../domains/wishlist/api';
import { WishlistCard } from '../../../domains/wishlist/wishlist-card';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useNow } from '../../../lib/use-now';

/** 'n' once the watchlist is read. */
export function watchlistCount(wishlist: ReturnType<typeof useWishlist>): string | null {
  return wishlist.data ? String(wishlist.data.items.length) : null;
}

/** A running auction's public topic: a bid or its end reads the watchlist again (its price, its status). */
function LiveAuction({ listingId, onChange }: { listingId: string; onChange(): void }) {
  useTopic(listingTopic(listingId), (event) => {
    if (event.type === 'bid.placed' || event.type === 'auction.ended') onChange();
  });
  return null;
}

const runningAuction = (e: WishlistEntry) => e.listing?.listingType === 'auction' && e.listing.status === 'active';

/**
 * My Activity's Watchlist tab (decision 060): the saved listings of /wishlist, the same entry and the same cards (price
 * or current bid, Sold or Ended, time left, View, Remove), newest first. Running auctions follow their public topic, so
 * a new bid or their end shows without a reload; time left moves on its own.
 */
export function Watchlist({ wishlist }: { wishlist: ReturnType<typeof useWishlist> }) {
  const nowMs = useNow();
  const { data, error, mutate, toggle } = wishlist;
  if (error && !data) return <LoadFailed title="Failed to load your watchlist" onRetry={() => void mutate()} />;
  if (!data) return <PageLoading text="Loading watchlist..." />;
  if (data.items.length === 0) {
    return (
      <div className="status">
        <p className="status-title">Your watchlist is empty</p>
        <p>Save listings with the heart to watch their price and time left here.</p>
        <Link to="/marketplace" className="btn btn-primary">
          Browse Marketplace
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="wishlist-list" aria-label="Watched items">
        {data.items.map((entry) => (
          <WishlistCard key={entry.listingId} entry={entry} nowMs={nowMs} onRemove={() => toggle(entry.listingId)} />
        ))}
      </ul>
      {data.items.filter(runningAuction).map((entry) => (
        <LiveAuction key={entry.listingId} listingId={entry.listingId} onChange={() => void mutate()} />
      ))}
    </>
  );
}
