import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { toast } from 'sonner';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { BID_TOASTS } from '../../../../../shared/domain/bids';
import { newIdempotencyKey } from '../../../lib/api';
import { useListingDetail } from '../../../domains/listings/api';
import { bidHistoryKey, sendBid, withBid, type BidHistory } from '../../../domains/bids/api';
import {
  answered,
  bidFailureToast,
  refusalMeansStale,
  submissionKey,
  withAuctionUpdate,
  type PendingBid,
} from './bid-form';

/**
 * Sends a bid and shows its outcome: 'Bid Placed Successfully' with the page and history updated from the answer
 * (and whether the bidder now leads), or the server's refusal. A submission keeps its Idempotency-Key until the server
 * has answered it, so pressing again after a lost answer can't place a second bid.
 */
export function usePlaceBid(listing: ListingDetail, token: string | null) {
  const { mutate: mutateListing } = useListingDetail(listing.id);
  const { mutate } = useSWRConfig();
  const pending = useRef<PendingBid | null>(null);
  const [busy, setBusy] = useState(false);
  /** Whether this viewer placed a bid here since the page opened. */
  const [placedHere, setPlacedHere] = useState(false);

  const place = async (amountCents: number): Promise<boolean> => {
    if (!token) return false;
    const submission = submissionKey(pending.current, amountCents, newIdempotencyKey);
    pending.current = submission;
    setBusy(true);
    try {
      const placed = await sendBid(listing.id, amountCents, token, submission.key);
      pending.current = null;
      setPlacedHere(true);
      const [title, description] = BID_TOASTS.placed(amountCents);
      toast.success(title, { description });
      void mutate<BidHistory | undefined>(
        bidHistoryKey(listing.id),
        (h) => withBid(h, placed.bid, placed.currentBidCents, placed.leading),
        {
          revalidate: false,
        },
      );
      // An answer older than what the page shows (a later bid came in first) says nothing sure about the lead.
      let stale = false;
      await mutateListing(
        (l) => {
          if (!l) return l;
          stale = placed.bidCount < l.bidCount;
          return stale ? l : { ...withAuctionUpdate(l, placed), viewerLeads: placed.leading };
        },
        { revalidate: false },
      );
      if (stale) void mutateListing();
      return true;
    } catch (error) {
      if (answered(error)) pending.current = null;
      const [title, description] = bidFailureToast(error);
      toast.error(title, { description });
      if (refusalMeansStale(error)) void mutateListing();
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { place, busy, placedHere };
}
