import '../../styles/bidding.css';
import { Link } from 'react-router-dom';
import type { MyBid } from '../../../../shared/api/bids';
import { reserveText } from '../../../../shared/domain/bids';
import { formatUsd } from '../../../../shared/domain/money';
import { formatTimeLeft } from '../../../../shared/domain/time-left';
import { formatEndDate } from '../listings/card-display';
import type { MyBidsState } from './api';
import { LoadFailed } from '../../components/ui/load-failed';
import { MorePages } from '../../components/ui/more-pages';
import { PageLoading } from '../../components/ui/page-loading';

const FAILED = 'Failed to load your bids';

const STANDING: Record<MyBid['standing'], { label: string; tone: string }> = {
  winning: { label: 'Winning', tone: 'badge-accent' },
  outbid: { label: 'Outbid', tone: 'badge-warning' },
  won: { label: 'Won', tone: 'badge-accent' },
  lost: { label: 'Lost', tone: 'badge-danger' },
};

/** Spec part 3: My Activity shows a bid's status as 'pending' or 'ended'. */
function StatusBadges({ bid: b }: { bid: MyBid }) {
  const standing = STANDING[b.standing];
  const reserve = b.reserveStatus === 'not_met' ? reserveText(b.reserveStatus) : null;
  return (
    <span className="my-bid-badges">
      <span className={`badge my-bid-status${b.status === 'pending' ? ' badge-primary' : ''}`}>{b.status}</span>
      <span className={`badge ${standing.tone}`}>{standing.label}</span>
      {reserve && <span className="badge">{reserve}</span>}
    </span>
  );
}

function MyBidRow({ bid: b, nowMs }: { bid: MyBid; nowMs: number }) {
  const fact = (label: string, value: string) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <li>
      <article className="my-bid" aria-label={`Bid: ${b.title}`}>
        {b.image ? (
          <img className="my-bid-image" src={b.image.thumbUrl} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <span className="my-bid-image my-bid-noimage" aria-hidden>
            No Image
          </span>
        )}
        <div className="my-bid-body">
          <Link className="my-bid-title" to={`/item/${encodeURIComponent(b.listingId)}`}>
            {b.title}
          </Link>
          <StatusBadges bid={b} />
          <dl className="my-bid-facts">
            {fact('Current bid:', formatUsd(b.currentBidCents))}
            {/* The caller's own maximum: this list is theirs alone. */}
            {fact('Your maximum:', formatUsd(b.maxCents))}
            {fact('Bids:', String(b.bidCount))}
            {b.status === 'pending'
              ? fact('Time left:', formatTimeLeft(b.endsAt, nowMs))
              : fact('Ended:', formatEndDate(b.endsAt))}
          </dl>
        </div>
      </article>
    </li>
  );
}

export interface MyBidListProps {
  bids: MyBidsState;
  /** The list's accessible name. */
  label: string;
  /** What shows when there is no row: a title and a line, with Browse Marketplace. */
  empty: { title: string; text: string };
}

/** A user's bids, one row per auction linking to it: loading, error, empty, the rows and Load More. */
export function MyBidList({ bids, label, empty }: MyBidListProps) {
  const items = bids.data?.flatMap((p) => p.items) ?? [];
  if (bids.error && !bids.data) return <LoadFailed title={FAILED} onRetry={() => void bids.mutate()} />;
  if (!bids.data) return <PageLoading text="Loading bids..." />;
  const nowMs = Date.now();
  const more = bids.data.at(-1)?.nextCursor != null;
  return (
    <>
      {items.length > 0 ? (
        <ul className="my-bid-list" aria-label={label}>
          {items.map((b) => (
            <MyBidRow key={b.listingId} bid={b} nowMs={nowMs} />
          ))}
        </ul>
      ) : (
        // A filtered page may come back empty with more to read: then only Load More shows.
        !more && (
          <div className="status">
            <p className="status-title">{empty.title}</p>
            <p>{empty.text}</p>
            <Link to="/marketplace" className="btn btn-primary">
              Browse Marketplace
            </Link>
          </div>
        )
      )}
      <MorePages pages={bids} failedTitle={FAILED} />
    </>
  );
}
