import '../../../styles/listing.css';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { CONDITION_LABELS, RETURN_LABELS, SHIPPING_LABELS } from '../../../../../shared/domain/listing';
import { currentBidOf, reserveText } from '../../../../../shared/domain/bids';
import { formatUsd } from '../../../../../shared/domain/money';
import { formatTimeLeft } from '../../../../../shared/domain/time-left';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api';
import { useListingDetail } from '../../../domains/listings/api';
import { ListingGallery } from '../components/listing-gallery';
import { BidHistory } from '../components/bid-history';
import { BidPanel } from '../components/bid-panel';
import { useLiveAuction } from '../lib/use-live-auction';
import { EndedNotice } from '../components/ended-notice';
import { EscrowPanel } from '../components/escrow-panel';
import { MakeOffer } from '../components/make-offer';
import { PurchaseActions } from '../components/purchase-actions';
import { SellerPanel } from '../components/seller-panel';
import { WishlistToggle } from '../../../domains/wishlist/wishlist-toggle';
import { auctionBadgeLabel, formatEndDate } from '../../../domains/listings/card-display';
import { LoadFailed } from '../../../components/ui/load-failed';

/** Re-renders every 30 s so the time left counts down. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function PricePanel({ l, nowMs }: { l: ListingDetail; nowMs: number }) {
  const sold = l.status === 'sold';
  const rows: [string, string][] = [];
  if (l.listingType === 'fixed') {
    rows.push(['Price', l.priceCents !== null ? formatUsd(l.priceCents) : 'Contact for price']);
    // The minimum offer and the reserve reach the seller's own view only (the server leaves them out for others).
    if (l.acceptOffers)
      rows.push([
        'Offers',
        l.minOfferCents ? `Accepted from ${formatUsd(l.minOfferCents)} (only you see this)` : 'Accepted',
      ]);
  } else {
    // Spec part 2: the current bid is the highest bid, else the starting bid.
    rows.push(['Current bid', formatUsd(currentBidOf(l))]);
    if (l.bidCount > 0 && l.startingBidCents !== null) rows.push(['Starting bid', formatUsd(l.startingBidCents)]);
    rows.push(['Bids', String(l.bidCount)]);
    if (l.buyItNowPriceCents) rows.push(['Buy It Now', formatUsd(l.buyItNowPriceCents)]);
    // The reserve's amount reaches its seller only; everyone sees whether it is met.
    if (l.reservePriceCents) rows.push(['Reserve', `${formatUsd(l.reservePriceCents)} (only you see this)`]);
  }
  rows.push(['Available', sold ? `None (${l.quantity} sold)` : `${l.quantityAvailable} of ${l.quantity}`]);
  const timeLeft = l.endsAt && !sold ? formatTimeLeft(l.endsAt, nowMs) : null;
  const reserve = l.listingType === 'auction' ? reserveText(l.reserveStatus) : null;
  return (
    <section className="panel price-panel" aria-labelledby="price-heading">
      <h2 id="price-heading" className="sr-only">
        Price
      </h2>
      {timeLeft && (
        <p className={`time-left${timeLeft === 'Ended' ? ' ended' : ''}`}>
          {timeLeft === 'Ended' ? (
            'Ended'
          ) : (
            <>
              <span className="time-left-label">Time left</span> <strong>{timeLeft}</strong>{' '}
              <span className="time-left-end">({formatEndDate(l.endsAt!)})</span>
            </>
          )}
        </p>
      )}
      <DetailList rows={rows} />
      {reserve && <p className={`reserve-line reserve-${l.reserveStatus}`}>{reserve}</p>}
    </section>
  );
}

/** Label and value pairs (price panel, specifications). */
function DetailList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="detail-list">
      {rows.map(([k, v]) => (
        <div key={k} className="detail-row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Specifications({ l }: { l: ListingDetail }) {
  const rows: [string, string][] = [
    ...(l.brand ? ([['Brand', l.brand]] as [string, string][]) : []),
    ...(l.model ? ([['Model', l.model]] as [string, string][]) : []),
    ...(l.upc ? ([['UPC', l.upc]] as [string, string][]) : []),
    ...Object.entries(l.specifications),
    ...(l.weightLbs !== null ? ([['Weight', `${l.weightLbs} lbs`]] as [string, string][]) : []),
    ...(l.dimensions
      ? ([['Dimensions', `${l.dimensions.length} × ${l.dimensions.width} × ${l.dimensions.height} in`]] as [
          string,
          string,
        ][])
      : []),
  ];
  if (!rows.length) return null;
  return (
    <section aria-labelledby="specs-heading">
      <h2 id="specs-heading" className="section-heading">
        Specifications
      </h2>
      <DetailList rows={rows} />
    </section>
  );
}

function Shipping({ l }: { l: ListingDetail }) {
  const shipping =
    l.shippingType === 'flat' && l.shippingCostCents !== null
      ? `${SHIPPING_LABELS.flat}: ${formatUsd(l.shippingCostCents)}`
      : SHIPPING_LABELS[l.shippingType];
  return (
    <section className="panel" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className="section-heading">
        Shipping and returns
      </h2>
      <dl className="detail-list">
        <div className="detail-row">
          <dt>Shipping</dt>
          <dd>
            {shipping}
            {l.localPickup && l.shippingType !== 'local' ? ' · Local pickup available' : ''}
          </dd>
        </div>
        {l.location && (
          <div className="detail-row">
            <dt>Item location</dt>
            <dd>
              {l.location.city}, {l.location.state}
            </dd>
          </div>
        )}
        <div className="detail-row">
          <dt>Returns</dt>
          <dd>{RETURN_LABELS[l.returnPolicy]}</dd>
        </div>
      </dl>
    </section>
  );
}

/** In place of the buying controls once every unit is sold: the listing stays visible, never for sale again. */
function SoldNotice() {
  return (
    <section className="panel sold-notice" aria-labelledby="sold-heading">
      <h2 id="sold-heading" className="sold-notice-title">
        Sold
      </h2>
      <p>This item has sold and is no longer available.</p>
    </section>
  );
}

function Listing({ l }: { l: ListingDetail }) {
  const nowMs = useNow();
  const sold = l.status === 'sold';
  const ended = l.status === 'ended';
  const auctionLabel = sold || ended ? null : auctionBadgeLabel(l);
  const biddable = !sold && !ended && l.listingType === 'auction' && l.endsAt !== null && Date.parse(l.endsAt) > nowMs;
  return (
    <article className="listing-page" aria-labelledby="listing-title">
      <div className="listing-media">
        <ListingGallery images={l.images} title={l.title} />
      </div>
      <div className="listing-summary">
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
        <Shipping l={l} />
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
