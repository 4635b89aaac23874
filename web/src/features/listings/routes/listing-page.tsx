import '../../../styles/listing.css';
import { Link, useParams } from 'react-router-dom';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { useListingViewBeacon } from '../../../domains/analytics/api';
import { useListingDetail } from '../../../domains/listings/api';
import { WishlistToggle } from '../../../domains/wishlist/wishlist-toggle';
import { BidHistory } from '../components/bid-history';
import { BidPanel } from '../components/bid-panel';
import { EndedNotice } from '../components/ended-notice';
import { EscrowPanel } from '../components/escrow-panel';
import { ListingBadges } from '../components/listing-badges';
import { ListingGallery } from '../components/listing-gallery';
import { MakeOffer } from '../components/make-offer';
import { PricePanel } from '../components/price-panel';
import { PurchaseActions } from '../components/purchase-actions';
import { SellerPanel } from '../components/seller-panel';
import { ShippingDetails } from '../components/shipping-details';
import { SoldNotice } from '../components/sold-notice';
import { Specifications } from '../components/specifications';
import { listingState } from '../lib/listing-state';
import { useLiveAuction } from '../lib/use-live-auction';

function Listing({ l }: { l: ListingDetail }) {
  const nowMs = useNow();
  const { sold, ended, auctionLabel, biddable } = listingState(l, nowMs);
  return (
    <article className="listing-page" aria-labelledby="listing-title">
      <div className="listing-media">
        <ListingGallery images={l.images} title={l.title} />
      </div>
      <div className="listing-summary">
        <ListingBadges l={l} auctionLabel={auctionLabel} />
        <div className="listing-title-row">
          <h1 id="listing-title" className="page-title">
            {l.title}
          </h1>
          {/* A sold item can't be saved any more; one saved before can still be removed. */}
          <WishlistToggle listingId={l.id} title={l.title} canAdd={!sold && !ended} />
        </div>
        <PricePanel l={l} nowMs={nowMs} />
        {biddable && <BidPanel listing={l} />}
        {sold ? (
          <SoldNotice />
        ) : ended ? (
          <EndedNotice listing={l} />
        ) : (
          <>
            <PurchaseActions listing={l} nowMs={nowMs} />
            <MakeOffer listing={l} />
          </>
        )}
        <EscrowPanel listingId={l.id} sellerId={l.seller.id} />
        <SellerPanel seller={l.sellerInfo} listingId={l.id} sellerId={l.seller.id} />
        <ShippingDetails l={l} />
      </div>
      <div className="listing-details">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="section-heading">
            Description
          </h2>
          <p className="listing-description">{l.description}</p>
        </section>
        <Specifications l={l} />
        {l.listingType === 'auction' && <BidHistory listingId={l.id} nowMs={nowMs} />}
      </div>
    </article>
  );
}

/**
 * /item/{id} (spec part 1 "Listing detail page"). A sold-out listing is still shown, marked Sold and without buying
 * controls (its buyers' escrow panel stays), and an auction that ended unsold, marked Ended; a missing or deleted one,
 * or one its seller ended, is 'Listing not found'.
 */
export function ListingPage() {
  const { id = '' } = useParams();
  const valid = /^[0-9A-Za-z]{1,64}$/.test(id);
  const { data, error, isLoading, mutate } = useListingDetail(valid ? id : null);
  useLiveAuction(data, mutate);
  useListingViewBeacon(data?.id ?? null);
  const notFound = !valid || (error instanceof ApiError && error.status === 404);
  return (
    <div className="container listing-container">
      <Link to="/marketplace" className="back-link">
        ← Back to Marketplace
      </Link>
      {notFound ? (
        <div className="status" role="alert">
          <p className="status-title">Listing not found</p>
          <Link to="/marketplace" className="btn btn-primary">
            Browse the marketplace
          </Link>
        </div>
      ) : error ? (
        <LoadFailed title="Failed to fetch listing" onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <PageLoading />
      ) : (
        <Listing l={data} />
      )}
    </div>
  );
}
