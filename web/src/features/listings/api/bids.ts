import useSWR from 'swr';
import {
  BID_HISTORY_LIMIT,
  listBids,
  placeBid,
  type BidHistoryEntry,
  type BidPlaced,
} from '../../../../../shared/api/bids';
import type { ResponseOf } from '../../../../../shared/api/contract';
import { apiGet, apiSend, type ApiError } from '../../../lib/api';

export type BidHistory = ResponseOf<typeof listBids>;

/** The history's SWR key: the listing page, its live updates and the bid panel share the entry. */
export const bidHistoryKey = (listingId: string) => ['bids', listingId] as const;

/** An auction's bid history, highest first (null: none to read). */
export function useBidHistory(listingId: string | null) {
  return useSWR<BidHistory, ApiError, ReturnType<typeof bidHistoryKey> | null>(
    listingId ? bidHistoryKey(listingId) : null,
    ([, id]) => apiGet(listBids, { params: { listingId: id } }),
  );
}

/** The history with one more line (once, by id), highest amount first and then the latest, as the server keeps it. */
export function withBid(history: BidHistory | undefined, entry: BidHistoryEntry): BidHistory | undefined {
  if (!history || history.items.some((b) => b.id === entry.id)) return history;
  const items = [...history.items, entry].sort((a, b) => b.amountCents - a.amountCents || b.at.localeCompare(a.at));
  return { items: items.slice(0, BID_HISTORY_LIMIT) };
}

/** One submission of a bid: the amount is the bidder's maximum; the key stays the same for its retries. */
export function sendBid(
  listingId: string,
  amountCents: number,
  token: string,
  idempotencyKey: string,
): Promise<BidPlaced> {
  return apiSend(placeBid, { params: { listingId }, body: { amountCents }, token, idempotencyKey });
}
