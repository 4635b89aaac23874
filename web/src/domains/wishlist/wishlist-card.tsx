import '../../styles/wishlist.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WishlistEntry, WishlistListing } from '../../../../shared/api/wishlist';
import { messageAge } from '../../../../shared/domain/messages';
import { formatUsd } from '../../../../shared/domain/money';
import { formatTimeLeft } from '../../../../shared/domain/time-left';
import { ENDING_SOON_MS } from '../../../../shared/domain/wishlist';
import { TrashIcon } from '../../components/ui/icons';
import { cardPrice, conditionLabel, listingTypeLabel } from '../listings/card-display';
import { WishlistCartAction } from './wishlist-cart-button';

export const GONE_TITLE = 'This listing is no longer available';

/** 'Added just now', 'Added 5m ago', 'Added 3h ago', 'Added 2d ago' (the ages messages use). */
export function addedText(iso: string, nowMs: number): string {
  const age = messageAge(iso, nowMs);
  return age === 'Just now' ? 'Added just now' : `Added ${age}`;
}

/** A sold or ended listing says so; a running one with an end says how long is left (amber within 24 hours). */
function StandingBadge({ listing: l, nowMs }: { listing: WishlistListing; nowMs: number }) {
  if (l.status === 'sold') return <li className="badge badge-danger">Sold</li>;
  if (l.status === 'ended') return <li className="badge badge-danger">Ended</li>;
  if (!l.endsAt) return null;
  const left = formatTimeLeft(l.endsAt, nowMs);
  if (left === 'Ended') return <li className="badge badge-danger">Ended</li>;
  const soon = Date.parse(l.endsAt) - nowMs <= ENDING_SOON_MS;
  return (
    <li className={`badge${soon ? ' badge-warning' : ''}`}>
      <time dateTime={l.endsAt}>{left} left</time>
    </li>
  );
}

function Details({ listing: l, nowMs }: { listing: WishlistListing; nowMs: number }) {
  const price = cardPrice(l);
  const bid =
    l.listingType === 'auction' && price.caption !== 'Current bid' && (l.currentBidCents ?? 0) > 0
      ? l.currentBidCents
      : null;
  return (
    <>
      <p className="wishlist-card-price">
        {price.caption && <span className="wishlist-card-price-caption">{price.caption} </span>}
        <strong>{price.text}</strong>
      </p>
      {/* The card's price is the Buy It Now one while it lasts: an auction's bids still show. */}
      {bid !== null && (
        <p className="wishlist-card-price">
          <span className="wishlist-card-price-caption">Current bid </span>
          <strong>{formatUsd(bid)}</strong>
        </p>
      )}
      <ul className="wishlist-card-badges" aria-label="Details">
        {l.featured && <li className="badge badge-accent">Featured</li>}
        <li className={`badge ${l.listingType === 'auction' ? 'badge-warning' : 'badge-primary'}`}>
          {listingTypeLabel(l)}
        </li>
        <li className="badge">{conditionLabel(l)}</li>
        <li className="badge">{l.category}</li>
        <StandingBadge listing={l} nowMs={nowMs} />
      </ul>
    </>
  );
}

/**
 * One saved listing: image, title, price, badges (Featured, Auction or Buy Now, condition, category, time left or
 * Sold/Ended), when it was added, and View, Cart (only where it can be bought now) and Remove. A listing that is gone
 * keeps only Remove.
 */
export function WishlistCard({
  entry,
  nowMs,
  onRemove,
}: {
  entry: WishlistEntry;
  nowMs: number;
  onRemove(): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const l = entry.listing;
  const title = l?.title ?? GONE_TITLE;
  return (
    <li className="wishlist-entry">
      <article aria-label={title} className={`wishlist-card${l?.status === 'active' ? '' : ' wishlist-card-closed'}`}>
        {l?.image ? (
          <img src={l.image.thumbUrl} alt="" width={160} height={120} loading="lazy" decoding="async" />
        ) : (
          <div className="wishlist-card-noimage" aria-hidden>
            No Image
          </div>
        )}
        <div className="wishlist-card-body">
          <h2 className="wishlist-card-title">{title}</h2>
          {l && <Details listing={l} nowMs={nowMs} />}
          <p className="wishlist-card-added">
            <time dateTime={entry.addedAt}>{addedText(entry.addedAt, nowMs)}</time>
          </p>
          <div className="wishlist-card-actions">
            {l && (
              <Link
                to={`/item/${encodeURIComponent(l.id)}`}
                className="btn btn-primary btn-sm"
                aria-label={`View ${title}`}
              >
                View
              </Link>
            )}
            {l && <WishlistCartAction listing={l} nowMs={nowMs} />}
            <button
              type="button"
              className="btn btn-ghost btn-sm wishlist-card-remove"
              disabled={busy}
              aria-label={`Remove from wishlist: ${title}`}
              onClick={() => {
                setBusy(true);
                void onRemove().finally(() => setBusy(false));
              }}
            >
              <TrashIcon />
              Remove
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}
