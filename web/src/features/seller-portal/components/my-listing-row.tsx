import { Link } from 'react-router-dom';
import type { MyListing } from '../../../../../shared/api/listings';
import { listedText, rowPrice, STATUS_BADGE, STATUS_LABELS } from '../lib/portal-display';

/** Ids of a row's controls, so focus can return to the row after the end dialog closes. */
export const rowControlIds = (prefix: string, listingId: string) => ({
  view: `${prefix}-view-${listingId}`,
  end: `${prefix}-end-${listingId}`,
});

/** One of the seller's listings: image, title, price, status, date; Edit and End Listing only while it is active. */
export function MyListingRow({
  listing,
  idPrefix,
  onEnd,
}: {
  listing: MyListing;
  idPrefix: string;
  onEnd(listing: MyListing): void;
}) {
  const price = rowPrice(listing);
  const active = listing.status === 'active';
  const ids = rowControlIds(idPrefix, listing.id);
  return (
    <li>
      <article className="item-row portal-row" aria-label={listing.title}>
        {listing.image ? (
          <img
            className="item-row-image"
            src={listing.image.thumbUrl}
            alt=""
            width={96}
            height={72}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <div className="item-row-image item-row-noimage">No Image</div>
        )}
        <div className="item-row-body portal-row-body">
          <h3 className="item-row-title">{listing.title}</h3>
          <p className="portal-row-price">
            {price.caption && <span className="portal-row-caption">{price.caption} </span>}
            <strong>{price.text}</strong>
          </p>
          <p className="portal-row-meta">
            <span className={STATUS_BADGE[listing.status]}>
              <span className="sr-only">Status: </span>
              {STATUS_LABELS[listing.status]}
            </span>
            <time dateTime={listing.createdAt}>{listedText(listing.createdAt)}</time>
          </p>
        </div>
        <div className="item-row-actions">
          <Link
            id={ids.view}
            to={`/item/${listing.id}`}
            className="btn btn-outline btn-sm"
            aria-label={`View ${listing.title}`}
          >
            View
          </Link>
          {active && (
            <>
              <Link
                to={`/sell?edit=${encodeURIComponent(listing.id)}`}
                className="btn btn-outline btn-sm"
                aria-label={`Edit ${listing.title}`}
              >
                Edit
              </Link>
              <button
                id={ids.end}
                type="button"
                className="btn btn-danger-outline btn-sm"
                aria-label={`End Listing ${listing.title}`}
                onClick={() => onEnd(listing)}
              >
                End Listing
              </button>
            </>
          )}
        </div>
      </article>
    </li>
  );
}
