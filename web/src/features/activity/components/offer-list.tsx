import '../../../styles/bidding.css';
import '../../../styles/offers.css';
import { Link } from 'react-router-dom';
import type { MyOffer } from '../../../../../shared/api/offers';
import { formatUsd } from '../../../../../shared/domain/money';
import { offerExpiryText } from '../../../../../shared/domain/offers';
import { LoadFailed } from '../../../components/ui/load-failed';
import { MorePages } from '../../../components/ui/more-pages';
import { PageLoading } from '../../../components/ui/page-loading';
import { messagesUrl } from '../../../domains/messages/api';
import { OFFER_STATUS_TONES, shownStatus } from '../../../domains/offers/api';
import { useNow } from '../../../lib/use-now';
import type { MyOffersState } from '../../../domains/offers/api';

const FAILED = 'Failed to load your offers';

/** One offer (a row styled as the Bids tab's): the listing linking to it, the amount, the status, a pending one's expiry. */
function MyOfferRow({ offer: o, nowMs }: { offer: MyOffer; nowMs: number }) {
  const status = shownStatus(o, nowMs);
  const expiry = status === 'pending' ? offerExpiryText(o.expiresAt, nowMs) : null;
  return (
    <li>
      <article className="my-bid" aria-label={`Offer: ${o.listing.title}`}>
        {o.listing.image ? (
          <img className="my-bid-image" src={o.listing.image.thumbUrl} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <span className="my-bid-image my-bid-noimage" aria-hidden>
            No Image
          </span>
        )}
        <div className="my-bid-body">
          <Link className="my-bid-title" to={`/item/${encodeURIComponent(o.listing.id)}`}>
            {o.listing.title}
          </Link>
          <span className="my-bid-badges">
            <span className={`badge offer-status ${OFFER_STATUS_TONES[status]}`}>{status}</span>
          </span>
          <dl className="my-bid-facts">
            <div>
              <dt>{o.senderId === o.buyerId ? 'Your offer:' : "Seller's counteroffer:"}</dt>
              <dd>{formatUsd(o.amountCents)}</dd>
            </div>
            {expiry && (
              <div>
                <dt>Expires:</dt>
                <dd>{expiry}</dd>
              </div>
            )}
          </dl>
          <Link className="offer-conversation-link" to={messagesUrl(o.conversationId)}>
            View Conversation
          </Link>
        </div>
      </article>
    </li>
  );
}

/** My Activity's Offers tab (spec part 3): the user's offers with status and expiry; loading, error, empty, Load More. */
export function MyOfferList({ offers }: { offers: MyOffersState }) {
  const nowMs = useNow();
  if (offers.error && !offers.data) return <LoadFailed title={FAILED} onRetry={() => void offers.mutate()} />;
  if (!offers.data) return <PageLoading text="Loading offers..." />;
  const items = offers.data.flatMap((p) => p.items);
  // The footer reads `nextCursor`; this list names it `cursor`.
  const pages = { ...offers, data: offers.data.map((p) => ({ nextCursor: p.cursor })) };
  return (
    <>
      {items.length > 0 ? (
        <ul className="my-bid-list" aria-label="Your offers">
          {items.map((o) => (
            <MyOfferRow key={o.id} offer={o} nowMs={nowMs} />
          ))}
        </ul>
      ) : (
        <div className="status">
          <p className="status-title">No offers yet</p>
          <p>Offers you make on items show here.</p>
          <Link to="/marketplace" className="btn btn-primary">
            Browse Marketplace
          </Link>
        </div>
      )}
      <MorePages pages={pages} failedTitle={FAILED} />
    </>
  );
}
