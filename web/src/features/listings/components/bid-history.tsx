import { BID_TOASTS, bidAge } from '../../../../../shared/domain/bids';
import { formatUsd } from '../../../../../shared/domain/money';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { useBidHistory } from '../../../domains/bids/api';

/**
 * An auction's bid history (spec part 1 "Listing detail page"): highest amount first, each with the bidder's name, the
 * amount and its age ('Just now', 'N hours ago', 'N days ago'). Live updates land in the same cache (use-live-auction).
 */
export function BidHistory({ listingId, nowMs }: { listingId: string; nowMs: number }) {
  const { data, error, mutate } = useBidHistory(listingId);
  return (
    <section aria-labelledby="bid-history-heading" className="bid-history">
      <h2 id="bid-history-heading" className="section-heading">
        Bid History
      </h2>
      {error && !data ? (
        <LoadFailed title={BID_TOASTS.historyFailed} outline onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoading text="Loading bids..." />
      ) : data.items.length === 0 ? (
        <p className="bid-history-empty">No bids yet. Be the first to bid.</p>
      ) : (
        <ol className="bid-history-list" aria-label="Bids, highest first">
          {data.items.map((b) => (
            <li key={b.id} className="bid-history-row">
              <span className="bid-history-bidder">{b.bidderUsername}</span>
              <strong className="bid-history-amount">{formatUsd(b.amountCents)}</strong>
              <time className="bid-history-age" dateTime={b.at}>
                {bidAge(b.at, nowMs)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
