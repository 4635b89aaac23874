import '../../styles/listing-card.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ListingCard as ListingCardData } from '../../../../shared/api/listings';
import {
  auctionBadge,
  auctionBadgeLabel,
  auctionEndText,
  cardPrice,
  conditionLabel,
  listingTypeLabel,
} from './card-display';

/**
 * A listing in a grid. The title is the one link to /item/{id}; its hit area stretches over the whole card, so the card
 * is clickable while the wishlist heart stays a separate control (no button inside a link).
 */
export function ListingCard({
  listing,
  nowMs = Date.now(),
  action,
  priority = false,
}: {
  listing: ListingCardData;
  nowMs?: number;
  /** Above the fold on first paint: load the image at once and first (it is the page's largest paint). */
  priority?: boolean;
  /** A control over the image (the wishlist heart). */
  action?: ReactNode;
}) {
  const price = cardPrice(listing);
  const typeLabel = listingTypeLabel(listing);
  const auctionLabel = auctionBadgeLabel(listing);
  const ends = auctionEndText(listing, nowMs);
  return (
    <article className="listing-card" aria-label={listing.title}>
      <div className="listing-card-media">
        {listing.image ? (
          <img
            src={listing.image.thumbUrl}
            alt={listing.title}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            width={400}
            height={300}
          />
        ) : (
          <div className="listing-card-noimage">No Image</div>
        )}
        {action && <div className="listing-card-action">{action}</div>}
        <div className="listing-card-flags">
          <span className={`badge ${listing.listingType === 'auction' ? 'badge-warning' : 'badge-primary'}`}>
            {typeLabel}
          </span>
          {auctionLabel && (
            <span className={`badge badge-auction-type badge-${auctionBadge(listing)}`}>{auctionLabel}</span>
          )}
          {/* Featured by an administrator (decision 066): what Hot Auctions leads with. */}
          {listing.featured && <span className="badge badge-accent">Featured</span>}
        </div>
      </div>
      <div className="listing-card-body">
        <h3 className="listing-card-title">
          <Link to={`/item/${listing.id}`} className="listing-card-link">
            {listing.title}
          </Link>
        </h3>
        <p className="listing-card-price">
          {price.caption && <span className="listing-card-price-caption">{price.caption} </span>}
          <span className="listing-card-price-value">{price.text}</span>
        </p>
        <p className="listing-card-seller">
          <span className="sr-only">Seller: </span>
          {listing.seller.username}
        </p>
        <div className="listing-card-tags">
          <span className="badge">{conditionLabel(listing)}</span>
          <span className="badge">{listing.category}</span>
        </div>
        {ends && (
          <p className={`listing-card-ends${ends === 'Ended' ? ' ended' : ''}`}>
            <time dateTime={listing.endsAt ?? undefined}>{ends}</time>
          </p>
        )}
      </div>
    </article>
  );
}
