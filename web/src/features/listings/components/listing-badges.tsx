import { Link } from 'react-router-dom';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { CONDITION_LABELS } from '../../../../../shared/domain/listing';

/** Sold or ended, featured, its kind, the auction's badge, condition and a link to its category. */
export function ListingBadges({ l, auctionLabel }: { l: ListingDetail; auctionLabel: string | null }) {
  const sold = l.status === 'sold';
  const ended = l.status === 'ended';
  return (
    <div className="listing-badges">
      {sold && <span className="badge badge-danger">Sold</span>}
      {ended && <span className="badge badge-danger">Ended</span>}
      {l.featured && <span className="badge badge-accent">Featured</span>}
      <span className={`badge ${l.listingType === 'auction' ? 'badge-warning' : 'badge-primary'}`}>
        {l.listingType === 'auction' ? 'Auction' : 'Buy Now'}
      </span>
      {auctionLabel && <span className="badge">{auctionLabel}</span>}
      <span className="badge">{CONDITION_LABELS[l.condition]}</span>
      <Link className="badge" to={`/marketplace?category=${encodeURIComponent(l.category)}`}>
        {l.category}
      </Link>
    </div>
  );
}
