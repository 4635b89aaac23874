import { useSWRConfig, type KeyedMutator } from 'swr';
import { toast } from 'sonner';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { BID_TOASTS } from '../../../../../shared/domain/bids';
import { listingTopic } from '../../../../../shared/events';
import { useOptionalSession } from '../../../lib/session/session-context';
import { useTopic } from '../../../lib/realtime/use-topic';
import { bidHistoryKey, withBid, type BidHistory } from '../../../domains/bids/api';
import { withAuctionUpdate } from './bid-form';

/**
 * Keeps an open auction page live over its listing's topic (decision 030): every accepted bid moves the price,
 * count, end (soft close), reserve line and history at once. Someone else's bid shows 'New Bid Placed' – 'Someone
 * bid $X' (never to the bidder); the close's `auction.ended` reads the listing again (Ended, Sold); and a viewer who was leading reads the listing again to learn whether they still do
 * (only the new bid's own lead is on the topic). After each (re)subscription the page reads both again: a bid may have been missed.
 */
export function useLiveAuction(listing: ListingDetail | undefined, mutateListing: KeyedMutator<ListingDetail>): void {
  const me = useOptionalSession()?.user?.username ?? null;
  const { mutate } = useSWRConfig();
  const auctionId = listing?.listingType === 'auction' ? listing.id : null;
  useTopic(
    auctionId ? listingTopic(auctionId) : null,
    (event) => {
      if (!auctionId || (event.type !== 'bid.placed' && event.type !== 'auction.ended')) return;
      if (event.data.listingId !== auctionId) return;
      // The close schedule ended it (sold or not): the page reads what it became.
      if (event.type === 'auction.ended') return void mutateListing();
      const { bid } = event.data;
      void mutateListing((l) => l && withAuctionUpdate(l, event.data), { revalidate: false });
      void mutate<BidHistory | undefined>(
        bidHistoryKey(auctionId),
        (h) => withBid(h, bid, event.data.currentBidCents, event.data.leads),
        { revalidate: false },
      );
      if (bid.bidderUsername === me) return;
      const [title, description] = BID_TOASTS.newBid(bid.amountCents);
      toast(title, { description });
      if (listing?.viewerLeads) void mutateListing();
    },
    {
      onSubscribed: () => {
        if (!auctionId) return;
        void mutateListing();
        void mutate(bidHistoryKey(auctionId));
      },
    },
  );
}
