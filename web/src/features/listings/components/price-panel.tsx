import type { ListingDetail } from '../../../../../shared/api/listings';
import { currentBidOf, reserveText } from '../../../../../shared/domain/bids';
import { formatUsd } from '../../../../../shared/domain/money';
import { formatTimeLeft } from '../../../../../shared/domain/time-left';
import { formatEndDate } from '../../../domains/listings/card-display';
import { DetailList } from '../../../components/ui/detail-list';

/** The listing's price facts: price or bids, availability, time left and whether the reserve is met. */
export function PricePanel({ l, nowMs }: { l: ListingDetail; nowMs: number }) {
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
