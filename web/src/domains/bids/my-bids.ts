import useSWRInfinite from 'swr/infinite';
import { listMyBids, type MyBid } from '../../../../shared/api/bids';
import type { ResponseOf } from '../../../../shared/api/contract';
import { apiGet } from '../../lib/api';

type MyBidsPage = ResponseOf<typeof listMyBids>;
type PageKey = readonly ['my-bids', string, MyBid['status'] | 'all', string | null];

/**
 * The auctions the signed-in user bid on, latest bid first, 20 a page (`nextCursor`): all of them (My Activity's Bids
 * tab) or only the running ones (`'pending'`, the cart's Active Bids). Null session: nothing is read.
 */
export function useMyBids(session: { userId: string; token: string } | null, status?: MyBid['status']) {
  return useSWRInfinite<MyBidsPage, Error, (i: number, prev: MyBidsPage | null) => PageKey | null>(
    (_, prev) =>
      !session || (prev && !prev.nextCursor)
        ? null
        : ['my-bids', session.userId, status ?? 'all', prev?.nextCursor ?? null],
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
