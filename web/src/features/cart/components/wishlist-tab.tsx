import '../../../styles/wishlist-preview.css';
import { Link } from 'react-router-dom';
import { ConnectWalletPrompt } from '../../../domains/wallet/connect-wallet-prompt';
import { HeartIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { cardPrice } from '../../../domains/listings/card-display';
import { useOptionalSession } from '../../../lib/session/session-context';
import { useWishlist } from '../../../domains/wishlist/api';

/** The cart page's wishlist tab (spec part 2): the first 3 saved items and View All to /wishlist. */
export const WISHLIST_PREVIEW = 3;

export function WishlistTab() {
  const session = useOptionalSession();
  const { data, error, isLoading, mutate } = useWishlist();
  if (session?.status === 'loading') return <PageLoading />;
  if (!session?.token) return <ConnectWalletPrompt title="Connect your wallet to see your wishlist" />;
  if (isLoading && !data) return <PageLoading text="Loading wishlist..." />;
  if (error && !data) return <LoadFailed title="Failed to load your wishlist" onRetry={() => void mutate()} />;
  const items = (data?.items ?? []).slice(0, WISHLIST_PREVIEW);
  if (items.length === 0) {
    return (
      <div className="status">
        <HeartIcon />
        <p className="status-title">Your wishlist is empty</p>
        <Link to="/marketplace" className="btn btn-primary">
          Browse Marketplace
        </Link>
      </div>
    );
  }
  return (
    <div className="wishlist-preview">
      <ul className="wishlist-preview-list" aria-label="Saved items">
        {items.map(({ listingId, listing }) => (
          <li key={listingId} className="wishlist-preview-item">
            {listing?.image ? (
              <img src={listing.image.thumbUrl} alt="" width={64} height={64} loading="lazy" />
            ) : (
              <span className="wishlist-preview-noimage" aria-hidden>
                No Image
              </span>
            )}
            {listing ? (
              <span>
                <Link to={`/item/${encodeURIComponent(listing.id)}`}>{listing.title}</Link>
                <span className="wishlist-preview-price">
                  {listing.status === 'sold' ? 'Sold' : listing.status === 'ended' ? 'Ended' : cardPrice(listing).text}
                </span>
              </span>
            ) : (
              <span>This listing is no longer available</span>
            )}
          </li>
        ))}
      </ul>
      <Link to="/wishlist" className="btn btn-outline">
        View All
      </Link>
    </div>
  );
}
