import type { ListingCard as ListingCardData } from '../../../../shared/api/listings';
import '../../styles/listing-card.css';
import { ListingCard } from './listing-card';
import { WishlistToggle } from '../wishlist/wishlist-toggle';

/** 1 to 4 columns by width (CSS grid). */
export function ListingGrid({
  listings,
  label,
  priorityCount = 0,
}: {
  listings: readonly ListingCardData[];
  label: string;
  /** How many leading cards load their image at once (the first row of a page's main grid). */
  priorityCount?: number;
}) {
  const nowMs = Date.now();
  return (
    <ul className="listing-grid" aria-label={label}>
      {listings.map((l, index) => (
        <li key={l.id}>
          <ListingCard
            listing={l}
            nowMs={nowMs}
            priority={index < priorityCount}
            action={<WishlistToggle listingId={l.id} title={l.title} />}
          />
        </li>
      ))}
    </ul>
  );
}
