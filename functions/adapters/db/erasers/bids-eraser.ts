import { DELETED_USER } from '../../../../shared/domain/account-state';
import type { Eraser } from '../../../core/account-state/ports';
import type { Db } from '../service';

/** Auctions done per call. */
const PAGE = 10;

/**
 * The user's bids in the public bid history of every auction they bid on show 'Deleted user' (the amounts and
 * outcomes stay: the auction's record), and their own list of those auctions goes. Every auction has ended by now
 * (Delete Data waits for running ones), so nothing reads these entries again.
 */
export function bidsEraser(db: Db): Eraser {
  const { bid, bidderAuction } = db.entities;
  return {
    name: 'bids',
    async step(userId) {
      // Each entry is deleted once its auction is done, so the first ones are always the ones left.
      const { data: entries } = await bidderAuction.query.byBidder({ bidderId: userId }).go({ limit: PAGE });
      if (entries.length === 0) return { done: true };
      for (const { listingId } of entries) {
        const { data: bids } = await bid.query
          .byListingAmount({ listingId })
          .where((a, op) => op.eq(a.bidderId, userId))
          .go({ pages: 'all' });
        await Promise.all(
          bids
            .filter((b) => b.bidderUsername !== DELETED_USER)
            .map((b) =>
              bid
                .patch({ listingId, amountCents: b.amountCents, bidId: b.bidId })
                .set({ bidderUsername: DELETED_USER })
                .go(),
            ),
        );
        await bidderAuction.delete({ bidderId: userId, listingId }).go();
      }
      return { done: false, cursor: null };
    },
  };
}
