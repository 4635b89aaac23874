import type { ListingCard as ListingCardData } from '../../../../../shared/api/listings';
import { ListingCard } from './listing-card';
import { WishlistToggle } from './wishlist-toggle';

/** 1 to 4 columns by width (CSS grid). */
export function ListingGrid({ listings, label }: { listings: readonly ListingCardData[]; label: string }) {
  const nowMs = Date.now();
  return (
    <ul className="listing-grid" aria-label={label}>
      {listings.map((l) => (
        <li key={l.id}>
          <ListingCard listing={l} nowMs={nowMs} action={<WishlistToggle listingId={l.id} title={l.title} />} />
        </li>
      ))}
    </ul>
  );
}
