import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { listMyOrders } from '../../../../../shared/api/orders';
import { formatUsd } from '../../../../../shared/domain/money';
import { userTopic } from '../../../../../shared/events';
import { apiGet } from '../../../lib/api';
import { orderDate, orderStatusLabel } from '../../../lib/orders/orders';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useOptionalSession } from '../../../lib/session/session-context';

export const WAITING_FOR_PICKUP = 'Waiting for seller to confirm local pickup completion';
export const WAITING_FOR_SHIPPING = 'Waiting for seller to ship item and provide tracking';

/**
 * The escrow panel of /item/{id} (spec part 2 "Escrow status"): for the buyer of a funded order of this listing, the
 * escrow's amount and the waiting message (local pickup: the seller confirms the pickup; shipped: the seller ships and
 * gives the tracking number). Follows the user's order events. Shown on a sold listing too: its buyers follow their
 * purchase there.
 */
export function EscrowPanel({ listingId }: { listingId: string }) {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const userId = session?.user?.id ?? null;
  // The server picks this listing's purchases among the buyer's newest ones (ORDERS_LISTING_SCAN; no paging).
  const { data, mutate } = useSWR(userId && token ? ['purchases-of-listing', userId, listingId] : null, () =>
    apiGet(listMyOrders, { token, query: { role: 'buyer', listingId } }),
  );
  useTopic(userId ? userTopic(userId) : null, (event) => {
    if (event.type === 'order.updated') void mutate();
  });
  const orders = (data?.items ?? []).filter(
    (o) => o.status === 'funded' && o.escrowStatus === 'pending' && o.lines.some((l) => l.listingId === listingId),
  );
  if (orders.length === 0) return null;
  return (
    <section className="panel escrow-panel" aria-labelledby="escrow-heading">
      <h2 id="escrow-heading" className="section-heading">
        Escrow
      </h2>
      <ul className="escrow-panel-list">
        {orders.map((o) => (
          <li key={o.id}>
            <p>
              <span className="badge badge-accent">{orderStatusLabel(o)}</span>{' '}
              <strong>{formatUsd(o.totalCents)} RLUSD</strong> held in escrow since{' '}
              {orderDate(o.fundedAt ?? o.createdAt)}.
            </p>
            <p className="escrow-waiting" role="status">
              {o.isLocalPickup ? WAITING_FOR_PICKUP : WAITING_FOR_SHIPPING}
            </p>
          </li>
        ))}
      </ul>
      <Link to="/activity" className="btn btn-outline btn-sm">
        View in My Activity
      </Link>
    </section>
  );
}
