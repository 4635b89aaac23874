import '../../../styles/wishlist.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { WishlistEntry } from '../../../../../shared/api/wishlist';
import { wishlistStats } from '../../../../../shared/domain/wishlist';
import { HeartIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useOptionalSession } from '../../../lib/session/session-context';
import { useNow } from '../../../lib/use-now';
import { useWishlist } from '../../../domains/wishlist/api';
import { WishlistCard } from '../../../domains/wishlist/wishlist-card';

function Tiles({ items, nowMs }: { items: readonly WishlistEntry[]; nowMs: number }) {
  const stats = wishlistStats(items, nowMs);
  const tiles = [
    ['Items Saved', stats.saved],
    ['Ending Soon', stats.endingSoon],
    ['Active Auctions', stats.activeAuctions],
  ] as const;
  return (
    <dl className="wishlist-stats" aria-label="Wishlist summary">
      {tiles.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="container page-narrow wishlist-page">
      <h1 className="page-title">Wishlist</h1>
      {children}
    </div>
  );
}

/**
 * /wishlist (spec part 2 "Wishlist page"): signed out, the Connect Your Wallet prompt; signed in, the stat tiles and
 * the saved listings, newest first. Time left and added ages move on their own (re-read every 30 seconds).
 */
export function WishlistPage() {
  const session = useOptionalSession();
  const { data, error, isLoading, mutate, toggle } = useWishlist();
  const nowMs = useNow();
  if (session?.status === 'loading') return <PageLoading />;
  if (!session?.token) {
    return (
      <Frame>
        <div className="status">
          <HeartIcon />
          <p className="status-title">Connect Your Wallet</p>
          <p>Connect your wallet to see the items you have saved.</p>
          <button type="button" className="btn btn-primary" onClick={requestConnectWallet}>
            Connect Your Wallet
          </button>
        </div>
      </Frame>
    );
  }
  if (isLoading && !data) return <PageLoading text="Loading wishlist..." />;
  if (error && !data) {
    return (
      <Frame>
        <LoadFailed title="Failed to load your wishlist" onRetry={() => void mutate()} />
      </Frame>
    );
  }
  const items = data?.items ?? [];
  return (
    <Frame>
      <Tiles items={items} nowMs={nowMs} />
      {items.length === 0 ? (
        <div className="status">
          <HeartIcon />
          <p className="status-title">Your wishlist is empty</p>
          <p>Save listings with the heart to keep an eye on them here.</p>
          <Link to="/marketplace" className="btn btn-primary">
            Browse the Marketplace
          </Link>
        </div>
      ) : (
        <ul className="wishlist-list" aria-label="Saved listings">
          {items.map((entry) => (
            <WishlistCard key={entry.listingId} entry={entry} nowMs={nowMs} onRemove={() => toggle(entry.listingId)} />
          ))}
        </ul>
      )}
    </Frame>
  );
}
