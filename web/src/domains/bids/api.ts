import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import {
  BID_HISTORY_LIMIT,
  listBids,
  listMyBids,
  placeBid,
  type BidHistoryEntry,
  type BidPlaced,
  type MyBid,
} from '../../../../shared/api/bids';
import type { ResponseOf } from '../../../../shared/api/contract';
import { withAcceptedLine } from '../../../../shared/domain/bids';
import { apiGet, apiSend, type ApiError } from '../../lib/api';
import { keys } from '../keys';

export type BidHistory = ResponseOf<typeof listBids>;

/** The history's SWR key: the listing page, its live updates and the bid panel share the entry. */
export const bidHistoryKey = keys.bids;

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

type MyBidsPage = ResponseOf<typeof listMyBids>;
type PageKey = ReturnType<typeof keys.myBids>;

/**
 * The auctions the signed-in user bid on, latest bid first, 20 a page (`nextCursor`): all of them (My Activity's Bids
 * tab) or only the running ones (`'pending'`, the cart's Active Bids). Null session: nothing is read.
 */
export function useMyBids(session: { userId: string; token: string } | null, status?: MyBid['status']) {
  return useSWRInfinite<MyBidsPage, Error, (i: number, prev: MyBidsPage | null) => PageKey | null>(
    (_, prev) =>
      !session || (prev && !prev.nextCursor)
        ? null
        : keys.myBids(session.userId, status ?? 'all', prev?.nextCursor ?? null),
    ([, , s, cursor]) =>
      apiGet(listMyBids, {
        token: session!.token,
        query: { ...(s !== 'all' && { status: s }), ...(cursor && { cursor }) },
      }),
  );
}

export type MyBidsState = ReturnType<typeof useMyBids>;

/** The tab's count: 'n' loaded, or 'n+' while more pages can be read; null before the first page. */
export function myBidsCount(pages: MyBidsPage[] | undefined): string | null {
  if (!pages) return null;
  const n = pages.reduce((sum, p) => sum + p.items.length, 0);
  return pages.at(-1)?.nextCursor ? `${n}+` : String(n);
}
