import useSWR from 'swr';
import {
  BID_HISTORY_LIMIT,
  listBids,
  placeBid,
  type BidHistoryEntry,
  type BidPlaced,
} from '../../../../shared/api/bids';
import type { ResponseOf } from '../../../../shared/api/contract';
import { withAcceptedLine } from '../../../../shared/domain/bids';
import { apiGet, apiSend, type ApiError } from '../../lib/api';

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

/**
 * The history with one more accepted line (once, by id), kept as the server shows it: the leader on top at the current
 * price (shared/domain/bids.ts withAcceptedLine).
 */
export function withBid(
  history: BidHistory | undefined,
  entry: BidHistoryEntry,
  priceCents: number,
  leads: boolean,
): BidHistory | undefined {
  if (!history || history.items.some((b) => b.id === entry.id)) return history;
  return { items: withAcceptedLine(history.items, entry, priceCents, leads).slice(0, BID_HISTORY_LIMIT) };
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
