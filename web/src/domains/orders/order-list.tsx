import '../../styles/order-list.css';
import { Link } from 'react-router-dom';
import type { Order } from '../../../../shared/api/orders';
import { ADDRESS_COUNTRIES, formatAddress, type PostalAddress } from '../../../../shared/domain/address';
import { formatUsd } from '../../../../shared/domain/money';
import { ShipmentFacts, ShippingBadge } from './order-status';
import { SellerEscrowActions } from './seller-escrow-actions';
import '../../styles/auction-orders.css';
import { LoadFailed } from '../../components/ui/load-failed';
import { MorePages } from '../../components/ui/more-pages';
import { PageLoading } from '../../components/ui/page-loading';
import type { OrdersPage, Role, useMyOrders } from './api';
import {
  cancelReasonText,
  escrowExplorerUrl,
  orderDate,
  orderStatusLabel,
  orderStatusTone,
  releaseNotice,
  shipByText,
} from './order-display';
import { AuctionOrderActions } from './auction-order-actions';
import { WithdrawOrderButton } from './withdraw-order-button';

/** 'n' loaded, or 'n+' while more pages can be read. */
export function orderCount(pages: OrdersPage[] | undefined): string | null {
  if (!pages) return null;
  const n = pages.reduce((sum, p) => sum + p.items.length, 0);
  return pages.at(-1)?.nextCursor ? `${n}+` : String(n);
}

function shipToText(shipTo: NonNullable<Order['shipTo']>): string {
  const country = (ADDRESS_COUNTRIES as readonly string[]).includes(shipTo.country)
    ? (shipTo.country as PostalAddress['country'])
    : null;
  const address = country
    ? formatAddress({ ...shipTo, country })
    : [shipTo.street, shipTo.city, shipTo.state, shipTo.postalCode, shipTo.country].filter(Boolean).join(', ');
  return `${shipTo.fullName}, ${address}`;
}

interface OrderCardProps {
  order: Order;
  /** Approve the escrow of a purchase still awaiting its signature; absent: not offered. */
  onApprove?: (order: Order) => void;
  /** An approval is under way (this order's or another's). */
  approving: boolean;
  /** An action moved the order on (read the lists again). */
  onChanged?: () => void;
}

function OrderCard({ order: o, onApprove, approving, onChanged }: OrderCardProps) {
  const buyer = o.role === 'buyer';
  const txUrl = escrowExplorerUrl(o);
  const cancelled = o.status === 'cancelled' ? cancelReasonText(o.cancelReason) : null;
  const waiting =
    o.status === 'funded' && o.escrowStatus === 'pending'
      ? buyer
        ? o.isLocalPickup
          ? 'Waiting for seller to confirm local pickup completion'
          : 'Waiting for seller to ship item and provide tracking'
        : o.isLocalPickup
          ? 'The buyer collects this order from you (local pickup).'
          : ['Ship the items to the buyer.', shipByText(o)].filter(Boolean).join(' ')
      : releaseNotice(o);
  const title = o.lines.map((l) => l.title).join(', ');
  return (
    <li>
      <article className="order-card" aria-label={`${buyer ? 'Purchase' : 'Sale'}: ${title}`}>
        <div className="order-card-head">
          <span className="order-card-badges">
            <span className={`badge ${orderStatusTone(o)}`}>{orderStatusLabel(o)}</span>
            {!o.isLocalPickup && o.escrowStatus !== null && <ShippingBadge status={o.shippingStatus} />}
          </span>
          <span className="order-card-amount">{formatUsd(o.totalCents)} RLUSD</span>
        </div>
        <ul className="order-lines" aria-label="Items">
          {o.lines.map((l) => (
            <li key={l.listingId}>
              <Link to={`/item/${encodeURIComponent(l.listingId)}`}>{l.title}</Link>
              {l.quantity > 1 && ` × ${l.quantity}`} — {formatUsd(l.unitPriceCents * l.quantity)}
            </li>
          ))}
        </ul>
        <dl className="order-facts">
          <div>
            <dt>{buyer ? 'Seller:' : 'Buyer:'}</dt>
            <dd>{buyer ? o.seller.username : o.buyer.username}</dd>
          </div>
          <div>
            <dt>Date:</dt>
            <dd>{orderDate(o.createdAt)}</dd>
          </div>
          <div>
            <dt>Delivery:</dt>
            <dd>
              {o.isLocalPickup
                ? 'Local pickup'
                : o.shippingService
                  ? `${o.shippingService.name} (${o.shippingService.estimatedDays})`
                  : 'Shipped'}
            </dd>
          </div>
          {o.shippingCents > 0 && (
            <div>
              <dt>Shipping:</dt>
              <dd>{formatUsd(o.shippingCents)}</dd>
            </div>
          )}
          {!buyer && o.shipTo && (
            <div>
              <dt>Ship to:</dt>
              <dd>{shipToText(o.shipTo)}</dd>
            </div>
          )}
          <ShipmentFacts order={o} labelSuffix=":" />
          {o.escrow.txHash && (
            <div>
              <dt>Escrow transaction:</dt>
              <dd>
                {txUrl ? (
                  <a className="tx-hash" href={txUrl} target="_blank" rel="noopener noreferrer">
                    {o.escrow.txHash.slice(0, 12)}…{o.escrow.txHash.slice(-6)}
                    <span className="sr-only"> (opens the ledger explorer in a new tab)</span>
                  </a>
                ) : (
                  <code className="tx-hash">{o.escrow.txHash}</code>
                )}
              </dd>
            </div>
          )}
        </dl>
        {o.dispute?.status === 'open' ? (
          <p className="commerce-note commerce-note-warning">
            {buyer
              ? 'You reported an issue: the payment stays in escrow until it is resolved.'
              : `${o.buyer.username} reported an issue: the payment is held until it is resolved. See the details to answer or refund.`}
          </p>
        ) : (
          waiting && <p className="commerce-note commerce-note-warning">{waiting}</p>
        )}
        {cancelled && <p className="commerce-note">{cancelled}</p>}
        {o.escrowStatus !== null && (
          <Link
            to={`/purchased/${encodeURIComponent(o.id)}`}
            className="order-card-details"
            aria-label={`View Details: ${title}`}
          >
            View Details
          </Link>
        )}
        {!buyer && <SellerEscrowActions order={o} onChanged={() => onChanged?.()} />}
        <AuctionOrderActions order={o} onChanged={() => onChanged?.()} />
        {buyer && o.status === 'awaiting_signature' && onApprove && (
          <div className="order-card-actions">
            <p className="commerce-note">The escrow has not been signed yet; the items stay reserved for a while.</p>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={approving}
              aria-label={`Approve Escrow: ${title}`}
              onClick={() => onApprove(o)}
            >
              Approve Escrow
            </button>
            {/* A won auction's order is paid (or not) on its pay page: withdrawing it there returns it to payment. */}
            {!o.signing && !o.auction && <WithdrawOrderButton order={o} onDone={() => onChanged?.()} />}
          </div>
        )}
      </article>
    </li>
  );
}

export interface OrderListProps {
  role: Role;
  orders: ReturnType<typeof useMyOrders>;
  onApprove?: (order: Order) => void;
  approving?: boolean;
  onChanged?: () => void;
}

/** Purchases or sales: loading, error, empty, the cards and Load More. */
export function OrderList({ role, orders, onApprove, approving = false, onChanged }: OrderListProps) {
  const items = orders.data?.flatMap((p) => p.items) ?? [];
  const what = role === 'buyer' ? 'purchases' : 'sales';
  if (orders.error && !orders.data) {
    return <LoadFailed title="Failed to load activity data" onRetry={() => void orders.mutate()} />;
  }
  if (!orders.data) return <PageLoading text={`Loading ${what}...`} />;
  if (items.length === 0) {
    return (
      <div className="status">
        <p className="status-title">No {what} yet</p>
        {role === 'buyer' ? (
          <Link to="/marketplace" className="btn btn-primary">
            Browse Marketplace
          </Link>
        ) : (
          <p>Orders for your listings show here once buyers check out.</p>
        )}
      </div>
    );
  }
  return (
    <>
      <OrderCards
        label={role === 'buyer' ? 'Your purchases' : 'Your sales'}
        orders={items}
        onApprove={onApprove}
        approving={approving}
        onChanged={onChanged}
      />
      <MorePages pages={orders} failedTitle="Failed to load activity data" />
    </>
  );
}

/** Order cards in a list named `label` (the purchases, the sales, My Activity's Pending). */
export function OrderCards({
  label,
  orders,
  onApprove,
  approving = false,
  onChanged,
}: { label: string; orders: readonly Order[] } & Omit<OrderListProps, 'role' | 'orders'>) {
  return (
    <ul className="order-list" aria-label={label}>
      {orders.map((o) => (
        <OrderCard key={o.id} order={o} onApprove={onApprove} approving={approving} onChanged={onChanged} />
      ))}
    </ul>
  );
}
