import type { ListingCard as ListingCardData } from '../../../../../shared/api/listings';
import { ListingCard } from './listing-card';

/** 1 to 4 columns by width (CSS grid). */
export function ListingGrid({ listings, label }: { listings: readonly ListingCardData[]; label: string }) {
  const nowMs = Date.now();
  return (
    <ul className="listing-grid" aria-label={label}>
      {listings.map((l) => (
        <li key={l.id}>
          <ListingCard listing={l} nowMs={nowMs} />
        </li>
      ))}
    </ul>
  );
}
