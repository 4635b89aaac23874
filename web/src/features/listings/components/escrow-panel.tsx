import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Order } from '../../../../../shared/api/orders';
import { formatUsd } from '../../../../../shared/domain/money';
import { userTopic } from '../../../../../shared/events';
import { ShipmentFacts, ShippingBadge } from '../../../domains/orders/order-status';
import { SellerEscrowActions } from '../../../domains/orders/seller-escrow-actions';
import { useOrdersOfListing } from '../../../domains/orders/api';
import { orderDate, orderStatusLabel, orderStatusTone, releaseNotice } from '../../../domains/orders/order-display';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useOptionalSession } from '../../../lib/session/session-context';

export const WAITING_FOR_PICKUP = 'Waiting for seller to confirm local pickup completion';
export const WAITING_FOR_SHIPPING = 'Waiting for seller to ship item and provide tracking';

/** What the buyer of a pending escrow waits for. */
function buyerWaiting(o: Order): string {
  switch (o.status) {
    case 'shipped':
      return 'Shipped. The seller is paid once FedEx confirms delivery.';
    case 'delivered':
      return releaseNotice(o)!;
    case 'releasing':
      return 'Releasing the escrow to the seller...';
    case 'refunding':
      return 'The payment is going back to you.';
    default:
      return o.isLocalPickup ? WAITING_FOR_PICKUP : WAITING_FOR_SHIPPING;
  }
}

const hasParcel = (o: Order) => !o.isLocalPickup && o.shipment.trackingNumber !== null;

const ofListing = (o: Order, listingId: string) => o.lines.some((l) => l.listingId === listingId);

function Badges({ order: o }: { order: Order }) {
  return (
    <>
      <span className={`badge ${orderStatusTone(o)}`}>{orderStatusLabel(o)}</span>
      {!o.isLocalPickup && (
        <>
          {' '}
          <ShippingBadge status={o.shippingStatus} />
        </>
      )}
    </>
  );
}

/**
 * The escrow panel of /item/{id} (spec part 2 "Escrow status"). For the buyer of a pending escrow of this listing: the
 * amount and what it waits for (local pickup: the seller confirms the pickup; shipped: the seller ships and gives the
 * tracking number, then FedEx delivers). For the listing's seller: each pending escrow of this listing with its
 * controls (tracking number, or approve / reject the pickup). Follows the user's order events. Shown on a sold
 * listing too: its buyers and its seller follow their orders there.
 */
export function EscrowPanel({ listingId, sellerId }: { listingId: string; sellerId: string }) {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const userId = session?.user?.id ?? null;
  const isSeller = userId !== null && userId === sellerId;
  const reader = userId && token ? { userId, token } : null;
  const purchases = useOrdersOfListing(isSeller ? null : reader, 'buyer', listingId);
  const sales = useOrdersOfListing(isSeller ? reader : null, 'seller', listingId);
  // Orders the seller acted on here stay in the panel (with what they became) until the page is left.
  const [actedOn, setActedOn] = useState<ReadonlySet<string>>(new Set());
  const refresh = () => void (isSeller ? sales.mutate() : purchases.mutate());
  useTopic(userId ? userTopic(userId) : null, (event) => {
    if (event.type === 'order.updated') refresh();
  });

  const bought = (purchases.data?.items ?? []).filter((o) => o.escrowStatus === 'pending' && ofListing(o, listingId));
  const sold = (sales.data?.items ?? []).filter(
    (o) => (o.escrowStatus === 'pending' || actedOn.has(o.id)) && ofListing(o, listingId),
  );
  if (bought.length === 0 && sold.length === 0) return null;
  return (
    <section className="panel escrow-panel" aria-labelledby="escrow-heading">
      <h2 id="escrow-heading" className="section-heading">
        Escrow
      </h2>
      <ul className="escrow-panel-list" aria-label={isSeller ? 'Your sales of this item' : 'Your purchases'}>
        {bought.map((o) => (
          <li key={o.id}>
            <p>
              <Badges order={o} /> <strong>{formatUsd(o.totalCents)} RLUSD</strong> held in escrow since{' '}
              {orderDate(o.fundedAt ?? o.createdAt)}.
            </p>
            {hasParcel(o) && (
              <dl className="detail-list">
                <ShipmentFacts order={o} rowClassName="detail-row" />
              </dl>
            )}
            <p className="escrow-waiting" role="status">
              {buyerWaiting(o)}
            </p>
            <Link to={`/purchased/${encodeURIComponent(o.id)}`} className="escrow-details-link">
              View purchase details
            </Link>
          </li>
        ))}
        {sold.map((o) => (
          <li key={o.id}>
            <article className="escrow-sale" aria-label={`Sale to ${o.buyer.username}`}>
              <p>
                <Badges order={o} /> <strong>{formatUsd(o.totalCents)} RLUSD</strong> from {o.buyer.username}
                {o.lines.length > 1 || o.lines[0]!.quantity > 1
                  ? ` (${o.lines.reduce((n, l) => n + l.quantity, 0)} items)`
                  : ''}
                , held in escrow since {orderDate(o.fundedAt ?? o.createdAt)}.
              </p>
              {hasParcel(o) && (
                <dl className="detail-list">
                  <ShipmentFacts order={o} rowClassName="detail-row" />
                </dl>
              )}
              <SellerEscrowActions
                order={o}
                onChanged={() => {
                  setActedOn((ids) => new Set(ids).add(o.id));
                  refresh();
                }}
              />
              <Link to={`/purchased/${encodeURIComponent(o.id)}`} className="escrow-details-link">
                View order details
              </Link>
            </article>
          </li>
        ))}
      </ul>
      {!isSeller && (
        <Link to="/activity" className="btn btn-outline btn-sm">
          View in My Activity
        </Link>
      )}
      {isSeller && (
        <Link to="/activity?tab=sales" className="btn btn-outline btn-sm">
          View Sales in My Activity
        </Link>
      )}
    </section>
  );
}
