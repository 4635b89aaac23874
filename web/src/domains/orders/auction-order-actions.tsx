import '../../styles/order-list.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { Order } from '../../../../shared/api/orders';
import { formatUsd } from '../../../../shared/domain/money';
import { RelistButton, RelistedLink } from '../auctions/relist-dialog';
import { ApiError } from '../../lib/api';
import { offerSecondChance, paymentDue, payByText, payPath } from '../auctions/api';
import { useSession } from '../../lib/session/session-context';

/** The seller offers the item of a lapsed order to the next highest bidder, at that bidder's maximum. */
function SecondChanceButton({ order, priceCents, onDone }: { order: Order; priceCents: number; onDone(): void }) {
  const { token } = useSession();
  const [busy, setBusy] = useState(false);
  const title = order.lines[0]!.title;
  const offer = async () => {
    setBusy(true);
    try {
      await offerSecondChance(token, order.id);
      toast.success('Second Chance Offered', {
        description: `The next highest bidder has 48 hours to pay ${formatUsd(priceCents)} for ${title}.`,
      });
      onDone();
    } catch (e) {
      toast.error('Offer Failed', {
        description: e instanceof ApiError ? e.message : 'Failed to offer the item. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      disabled={busy}
      aria-label={`Offer ${title} to the next highest bidder at ${formatUsd(priceCents)}`}
      onClick={() => void offer()}
    >
      {busy ? 'Offering...' : `Offer to Next Bidder (${formatUsd(priceCents)})`}
    </button>
  );
}

/**
 * The auction part of an order card (decision 029): the buyer's Pay Now and window while it awaits payment; the
 * seller's wait, and once it lapsed their choice of a second chance or a relist (or what they chose).
 */
export function AuctionOrderActions({ order: o, onChanged }: { order: Order; onChanged(): void }) {
  const { token } = useSession();
  const a = o.auction;
  if (!a || !token) return null;
  const title = o.lines[0]!.title;
  if (o.role === 'buyer') {
    if (o.status !== 'awaiting_payment') return null;
    return (
      <div className="order-card-actions auction-order-actions">
        <p className="commerce-note commerce-note-warning">
          {a.round === 'second_chance' ? 'Second chance offer: ' : 'You won this auction. '}
          {payByText(o)}.
        </p>
        <Link to={payPath(o.id)} className="btn btn-primary btn-sm" aria-label={`Pay for ${title}`}>
          Pay Now
        </Link>
      </div>
    );
  }
  if (o.status === 'awaiting_payment') {
    return (
      <p className="commerce-note">
        Waiting for {o.buyer.username} to pay. Due {paymentDue(o)}.
      </p>
    );
  }
  if (a.sellerChoice?.kind === 'relisted') return <RelistedLink listingId={a.sellerChoice.listingId} />;
  if (a.sellerChoice?.kind === 'second_chance') {
    return <p className="commerce-note">Offered to the next highest bidder (a new order).</p>;
  }
  if (!a.sellerOptions) return null;
  return (
    <div className="order-card-actions auction-order-actions">
      <p className="commerce-note commerce-note-warning">
        {o.buyer.username} did not pay within 48 hours.{' '}
        {a.sellerOptions.secondChanceCents !== null
          ? 'Offer the item to the next highest bidder at their highest bid, or relist it.'
          : 'Relist it as a new auction.'}
      </p>
      {a.sellerOptions.secondChanceCents !== null && (
        <SecondChanceButton order={o} priceCents={a.sellerOptions.secondChanceCents} onDone={onChanged} />
      )}
      {a.sellerOptions.relist && (
        <RelistButton token={token} listingId={a.listingId} title={title} onRelisted={() => onChanged()} />
      )}
    </div>
  );
}
