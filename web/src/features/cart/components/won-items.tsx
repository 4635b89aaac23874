import '../../../styles/cart-lines.css';
import '../../../styles/auction-orders.css';
import { Link } from 'react-router-dom';
import type { Order } from '../../../../../shared/api/orders';
import { formatUsd } from '../../../../../shared/domain/money';
import { LoadFailed } from '../../../components/ui/load-failed';
import { payByText, payPath, useAwaitingPayment } from '../../../domains/auctions/api';
import { useOptionalSession } from '../../../lib/session/session-context';

function WonItem({ order: o }: { order: Order }) {
  const line = o.lines[0]!;
  const paying = o.status !== 'awaiting_payment';
  return (
    <li className="cart-line">
      <article className="cart-line-card" aria-label={`Won: ${line.title}`}>
        {line.imageUrl ? (
          <img className="cart-line-image" src={line.imageUrl} alt="" width={96} height={96} loading="lazy" />
        ) : (
          <div className="cart-line-image cart-line-noimage" aria-hidden>
            No Image
          </div>
        )}
        <div className="cart-line-body">
          <h3 className="cart-line-title">
            <Link to={`/item/${encodeURIComponent(line.listingId)}`}>{line.title}</Link>
          </h3>
          <p className="cart-line-meta">
            {o.auction?.round === 'second_chance' ? 'Second chance offer from ' : 'Won from '}
            <strong>{o.seller.username}</strong> for <strong>{formatUsd(line.unitPriceCents)}</strong>
          </p>
          <p className="cart-line-meta">
            {paying
              ? 'Payment started: approve the escrow in your wallet.'
              : `${payByText(o)}. Shipping is added next.`}
          </p>
        </div>
        <Link to={payPath(o.id)} className="btn btn-primary btn-sm won-item-pay" aria-label={`Pay for ${line.title}`}>
          {paying ? 'Continue' : 'Pay'}
        </Link>
      </article>
    </li>
  );
}

/**
 * The cart's section of won auctions awaiting payment (decision 029): each with its window and a Pay action that
 * opens the escrow checkout for it. Shown only when there are some (signed in); a failed read says so.
 */
export function WonItems() {
  const session = useOptionalSession();
  const won = useAwaitingPayment(session?.token ?? null, session?.user?.id ?? null);
  if (won.error && !won.data) {
    return <LoadFailed title="Failed to load your won items" outline onRetry={() => void won.mutate()} />;
  }
  const items = won.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="commerce-panel won-items" aria-labelledby="won-items-heading">
      <h2 id="won-items-heading" className="commerce-heading">
        Won Items Awaiting Payment ({items.length})
      </h2>
      <p className="commerce-note">
        You won these auctions. Pay within 48 hours of the end, or the seller may offer the item to someone else.
      </p>
      <ul className="cart-lines" aria-label="Won items awaiting payment">
        {items.map((o) => (
          <WonItem key={o.id} order={o} />
        ))}
      </ul>
    </section>
  );
}
