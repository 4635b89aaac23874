import { Link } from 'react-router-dom';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { SELLER_SETTINGS_TEXTS } from '../../../../../shared/domain/seller-settings';
import { ContactSellerButton } from '../../../domains/messages/contact-seller-button';
import { UserAvatar } from '../../../domains/profile/user-avatar';
import { ratingSummary } from '../../../domains/stores/rating';
import { useOptionalSession } from '../../../lib/session/session-context';

const joined = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/**
 * The seller info panel of the listing page: the seller's public profile, linking to their store; Contact Seller for
 * everyone but the seller (disabled, with the reason, when the seller does not accept direct messages).
 */
export function SellerPanel({
  seller,
  listingId,
  sellerId,
}: {
  seller: ListingDetail['sellerInfo'];
  listingId: string;
  sellerId: string;
}) {
  const session = useOptionalSession();
  const own = session?.status === 'signed-in' && session.user?.id === sellerId;
  return (
    <section className="panel seller-panel" aria-labelledby="seller-heading">
      <h2 id="seller-heading" className="section-heading">
        Seller
      </h2>
      <div className="seller-panel-head">
        <UserAvatar username={seller.username} avatarUrl={seller.avatarUrl} size={48} />
        <div>
          <Link to={`/user/${encodeURIComponent(seller.username)}`} className="seller-name">
            {seller.username}
          </Link>
          {seller.verified && <p className="badge badge-accent">Verified Seller</p>}
        </div>
      </div>
      <dl className="detail-list">
        <div className="detail-row">
          <dt>Rating</dt>
          <dd>{ratingSummary(seller.rating, seller.reviewCount)}</dd>
        </div>
        <div className="detail-row">
          <dt>Sales</dt>
          <dd>{seller.salesCount}</dd>
        </div>
        {seller.location && (
          <div className="detail-row">
            <dt>Location</dt>
            <dd>{seller.location}</dd>
          </div>
        )}
        <div className="detail-row">
          <dt>Member since</dt>
          <dd>{joined.format(new Date(seller.joinedAt))}</dd>
        </div>
      </dl>
      {!own && (
        <ContactSellerButton
          target={{ listingId }}
          sellerId={sellerId}
          refusal={seller.acceptsMessages ? null : SELLER_SETTINGS_TEXTS.directContactOff}
        />
      )}
    </section>
  );
}
