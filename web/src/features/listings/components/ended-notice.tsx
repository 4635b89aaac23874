import { useNavigate } from 'react-router-dom';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { RelistButton } from '../../../domains/auctions/relist-dialog';
import { useOptionalSession } from '../../../lib/session/session-context';

/**
 * In place of the bidding controls once an auction ended without a sale (no bids, the reserve not met, or its winner
 * did not pay): 'Ended' (spec part 1). Its seller may relist it from here (decision 029).
 */
export function EndedNotice({ listing }: { listing: ListingDetail }) {
  const session = useOptionalSession();
  const navigate = useNavigate();
  const seller = session?.user?.id === listing.seller.id && session.token ? session.token : null;
  return (
    <section className="panel sold-notice" aria-labelledby="ended-heading">
      <h2 id="ended-heading" className="sold-notice-title">
        Ended
      </h2>
      <p>This auction has ended and the item was not sold.</p>
      {seller && (
        <RelistButton
          token={seller}
          listingId={listing.id}
          title={listing.title}
          onRelisted={(id) => navigate(`/item/${encodeURIComponent(id)}`)}
        />
      )}
    </section>
  );
}
