import '../../../styles/listing.css';
import '../../../styles/orders.css';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { ListingDetail } from '../../../../../shared/api/listings';
import type { Order } from '../../../../../shared/api/orders';
import { RETURN_LABELS } from '../../../../../shared/domain/listing';
import { pickupCodeFromHash } from '../../../../../shared/domain/pickup-code';
import { formatUsd } from '../../../../../shared/domain/money';
import { userTopic } from '../../../../../shared/events';
import { deliveryFact, ShippingBadge } from '../../../domains/orders/order-status';
import { ContactSellerButton } from '../../../domains/messages/contact-seller-button';
import { SellerEscrowActions } from '../../../domains/orders/seller-escrow-actions';
import { DetailList, type DetailRow } from '../../../components/ui/detail-list';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { UserAvatar } from '../../../domains/profile/user-avatar';
import { ratingSummary } from '../../../domains/stores/rating';
import { ApiError } from '../../../lib/api';
import { useOrder } from '../../../domains/orders/api';
import { useListingDetail } from '../../../domains/listings/api';
import {
  escrowExplorerUrl,
  escrowStatusLabel,
  orderDate,
  orderStatusLabel,
  orderStatusTone,
  releaseNotice,
} from '../../../domains/orders/order-display';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useSession } from '../../../lib/session/session-context';
import { OrderReviews } from '../components/order-reviews';
import { DisputePanel } from '../components/dispute-panel';
import { PickupCodePanel } from '../components/pickup-code-panel';
import { ReturnPanel } from '../components/return-panel';

const ORDER_ID = /^[0-9A-Za-z]{1,64}$/;

type Row = DetailRow;

function specRows(l: ListingDetail): Row[] {
  return [
    ...(l.brand ? [['Brand', l.brand] as const] : []),
    ...(l.model ? [['Model', l.model] as const] : []),
    ...Object.entries(l.specifications).map(([k, v]) => [k, v] as const),
    ...(l.weightLbs !== null ? [['Weight', `${l.weightLbs} lbs`] as const] : []),
    ...(l.dimensions
      ? [['Dimensions', `${l.dimensions.length} × ${l.dimensions.width} × ${l.dimensions.height} in`] as const]
      : []),
  ];
}

function returnPolicyText(l: ListingDetail): string {
  if (l.returnPolicy === 'no_returns') return 'This item was sold without returns.';
  return `${RETURN_LABELS[l.returnPolicy]}: the seller accepts a return within ${l.returnPolicy.split('_')[0]} days of delivery.`;
}

/** Which kind of proof ties the parcel to the order (decision 039). */
const PROOF_TEXTS: Record<NonNullable<Order['shipment']['proof']>, string> = {
  platform_label: 'Shipped with a label bought on this marketplace',
  seller_tracking: 'Tracking number entered by the seller',
};

function OrderFacts({ order: o }: { order: Order }) {
  const txUrl = escrowExplorerUrl(o);
  const delivery = deliveryFact(o);
  const rows: Row[] = [
    ['Purchase date', orderDate(o.createdAt)],
    [
      'Price',
      <>
        <strong>{formatUsd(o.totalCents)} RLUSD</strong>
        {o.shippingCents > 0 && (
          <span className="purchase-price-split">
            {' '}
            ({formatUsd(o.itemsCents)} + {formatUsd(o.shippingCents)} shipping)
          </span>
        )}
      </>,
    ],
  ];
  if (o.lines.length === 1 && o.lines[0]!.quantity > 1) rows.push(['Quantity', String(o.lines[0]!.quantity)]);
  if (o.isLocalPickup) rows.push(['Delivery', 'Local pickup']);
  else {
    rows.push(['Shipping status', <ShippingBadge key="s" status={o.shippingStatus} />]);
    if (o.shippingService) rows.push(['Shipping service', o.shippingService.name]);
    rows.push([
      'Tracking number',
      o.shipment.trackingNumber ? (
        <span className="tracking-number">{o.shipment.trackingNumber}</span>
      ) : (
        'Not shipped yet'
      ),
    ]);
    if (o.shipment.proof) rows.push(['Proof of shipment', PROOF_TEXTS[o.shipment.proof]]);
    if (delivery) rows.push(delivery);
  }
  rows.push([
    'Escrow status',
    <span key="e" className="purchase-escrow-status">
      <span className={`badge ${orderStatusTone(o)}`}>{escrowStatusLabel(o)}</span>
      {o.escrowStatus !== null && <span className="purchase-escrow-detail">{orderStatusLabel(o)}</span>}
    </span>,
  ]);
  if (o.escrow.txHash) {
    rows.push([
      'Escrow transaction',
      txUrl ? (
        <a className="tx-hash" href={txUrl} target="_blank" rel="noopener noreferrer">
          {o.escrow.txHash.slice(0, 12)}…{o.escrow.txHash.slice(-6)}
          <span className="sr-only"> (opens the ledger explorer in a new tab)</span>
        </a>
      ) : (
        <code className="tx-hash">{o.escrow.txHash}</code>
      ),
    ]);
  }
  return <DetailList rows={rows} />;
}

function PartyCard({ order: o, listing }: { order: Order; listing: ListingDetail | undefined }) {
  if (o.role === 'seller') {
    const to = o.shipTo;
    return (
      <section className="panel" aria-labelledby="party-heading">
        <h2 id="party-heading" className="section-heading">
          Buyer
        </h2>
        <div className="seller-panel-head">
          <UserAvatar username={o.buyer.username} avatarUrl={null} size={48} />
          <p className="seller-name">{o.buyer.username}</p>
        </div>
        {to && !o.isLocalPickup && (
          <address className="purchase-address">
            {to.fullName}
            <br />
            {to.street}
            <br />
            {to.city}, {to.state} {to.postalCode}
            <br />
            {to.country}
          </address>
        )}
      </section>
    );
  }
  const info = listing?.sellerInfo;
  return (
    <section className="panel" aria-labelledby="party-heading">
      <h2 id="party-heading" className="section-heading">
        Seller
      </h2>
      <div className="seller-panel-head">
        <UserAvatar username={o.seller.username} avatarUrl={info?.avatarUrl ?? null} size={48} />
        <div>
          <Link to={`/user/${encodeURIComponent(o.seller.username)}`} className="seller-name">
            {o.seller.username}
          </Link>
          {info?.verified && <p className="badge badge-accent">Verified Seller</p>}
        </div>
      </div>
      {info && (
        <p className="purchase-note">
          {ratingSummary(info.rating, info.reviewCount)}
          {info.location ? ` · ${info.location}` : ''}
        </p>
      )}
      <ContactSellerButton target={{ listingId: o.lines[0]!.listingId }} sellerId={o.seller.id} />
    </section>
  );
}

function Purchase({
  order: o,
  token,
  onChanged,
  onOrder,
  onReviews,
}: {
  order: Order;
  token: string;
  onChanged(): void;
  /** The order as an action answered it (shown at once, then read again). */
  onOrder(order: Order): void;
  /** The order's reviews as they now are (null: read the order again). */
  onReviews(reviews: NonNullable<Order['reviews']> | null): void;
}) {
  const single = o.lines.length === 1;
  const first = o.lines[0]!;
  // The listing gives the specifications, the return policy and the seller's card (while it is still shown).
  const listing = useListingDetail(first.listingId);
  const l = listing.data;
  const title = o.lines.map((line) => line.title).join(', ');
  const image = first.imageUrl ?? l?.images[0]?.url ?? null;
  const specs = single && l ? specRows(l) : [];
  // The buyer's QR code opens this page for the seller with the code in the fragment (decision 040).
  const { hash } = useLocation();
  return (
    <article className="purchase-page" aria-labelledby="purchase-title">
      <div className="purchase-media">
        {image ? (
          <img className="purchase-image" src={image} alt={first.title} />
        ) : (
          <div className="purchase-image purchase-noimage">No image</div>
        )}
      </div>
      <div className="purchase-summary">
        <p className="purchase-kicker">{o.role === 'buyer' ? 'Your purchase' : 'Your sale'}</p>
        <h1 id="purchase-title" className="page-title">
          {single ? <Link to={`/item/${encodeURIComponent(first.listingId)}`}>{first.title}</Link> : title}
        </h1>
        <section className="panel" aria-labelledby="order-heading">
          <h2 id="order-heading" className="section-heading">
            Order
          </h2>
          <OrderFacts order={o} />
          {o.role === 'buyer' && releaseNotice(o) && <p className="commerce-note">{releaseNotice(o)}</p>}
          {o.role === 'seller' && (
            <SellerEscrowActions order={o} pickupCode={pickupCodeFromHash(hash)} onChanged={onChanged} />
          )}
        </section>
        <PickupCodePanel order={o} />
        <PartyCard order={o} listing={l} />
        <ReturnPanel order={o} token={token} onOrder={onOrder} onChanged={onChanged} />
        <DisputePanel order={o} token={token} onChanged={onChanged} />
        <OrderReviews order={o} token={token} onChanged={onReviews} />
      </div>
      <div className="purchase-details">
        {!single && (
          <section aria-labelledby="items-heading">
            <h2 id="items-heading" className="section-heading">
              Items
            </h2>
            <ul className="purchase-items">
              {o.lines.map((line) => (
                <li key={line.listingId}>
                  <Link to={`/item/${encodeURIComponent(line.listingId)}`}>{line.title}</Link>
                  {line.quantity > 1 && ` × ${line.quantity}`} — {formatUsd(line.unitPriceCents * line.quantity)}
                </li>
              ))}
            </ul>
            <p className="purchase-note">Each item&apos;s page has its specifications and return policy.</p>
          </section>
        )}
        {specs.length > 0 && (
          <section aria-labelledby="specs-heading">
            <h2 id="specs-heading" className="section-heading">
              Specifications
            </h2>
            <DetailList rows={specs} />
          </section>
        )}
        {single && (
          <section aria-labelledby="returns-heading">
            <h2 id="returns-heading" className="section-heading">
              Return policy
            </h2>
            <p className="purchase-return">
              {l
                ? returnPolicyText(l)
                : listing.error
                  ? 'The listing is no longer shown, so its return policy is not available here.'
                  : 'Loading...'}
            </p>
          </section>
        )}
      </div>
    </article>
  );
}

function NotFound() {
  return (
    <div className="status" role="alert">
      <p className="status-title">Purchase not found</p>
      <Link to="/activity" className="btn btn-primary">
        Back to Activity
      </Link>
    </div>
  );
}

function PurchaseLoader({ id, token, userId }: { id: string; token: string; userId: string }) {
  const { data, error, mutate } = useOrder(id, userId, token);
  useTopic(userTopic(userId), (event) => {
    if (event.type === 'order.updated' && event.data.orderId === id) void mutate();
  });
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error && !data) return <LoadFailed title="An unexpected error occurred" onRetry={() => void mutate()} />;
  if (!data) return <PageLoading text="Loading purchase..." />;
  return (
    <Purchase
      order={data}
      token={token}
      onChanged={() => void mutate()}
      onOrder={(next) => void mutate(next)}
      onReviews={(reviews) => void (reviews ? mutate({ ...data, reviews }) : mutate())}
    />
  );
}

/**
 * /purchased/{id} (spec part 3 "Purchase detail"): the order to its buyer (and to its seller, with the seller's
 * controls): image, title, purchase date, price, shipping status, tracking number, expected delivery, escrow status,
 * specifications, the seller's card and the return policy. Anyone else, or an unknown id: 'Purchase not found' with
 * 'Back to Activity'. Contact Seller opens the conversation about the (first) item; Leave Review (either party, once the
 * order is completed) and the order's reviews below the party card; Request Return (decision 054) and Report Issue
 * (decision 053) with their panels.
 */
export function PurchasePage() {
  const { id = '' } = useParams();
  const { status, user, token } = useSession();
  let body: ReactNode;
  if (status === 'loading') body = <PageLoading />;
  else if (!user || !token) {
    body = (
      <div className="status">
        <p className="status-title">Connect your wallet to see your purchase</p>
        <Link to="/" className="btn btn-primary">
          Go Home
        </Link>
      </div>
    );
  } else if (!ORDER_ID.test(id)) body = <NotFound />;
  else body = <PurchaseLoader id={id} token={token} userId={user.id} />;
  return (
    <div className="container purchase-container">
      <Link to="/activity" className="back-link">
        ← Back to Activity
      </Link>
      {body}
    </div>
  );
}
