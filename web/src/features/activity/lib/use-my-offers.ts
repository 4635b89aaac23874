import useSWRInfinite from 'swr/infinite';
import { listMyOffers } from '../../../../../shared/api/offers';
import type { ResponseOf } from '../../../../../shared/api/contract';
import { apiGet } from '../../../lib/api';
import { keys } from '../../../domains/keys';

type MyOffersPage = ResponseOf<typeof listMyOffers>;
type PageKey = ReturnType<typeof keys.myOffers>;

/** The signed-in user's offers as buyer, newest first, a page at a time (`cursor`). */
export function useMyOffers(userId: string, token: string) {
  return useSWRInfinite<MyOffersPage, Error, (i: number, prev: MyOffersPage | null) => PageKey | null>(
    (_, prev) => (prev && !prev.cursor ? null : keys.myOffers(userId, prev?.cursor ?? null)),
    ([, , cursor]) => apiGet(listMyOffers, { token, query: cursor ? { cursor } : {} }),
  );
}

export type MyOffersState = ReturnType<typeof useMyOffers>;

/** The tab's count: 'n' loaded, or 'n+' while more pages can be read; null before the first page. */
export function myOffersCount(pages: MyOffersPage[] | undefined): string | null {
  if (!pages) return null;
  const n = pages.reduce((sum, p) => sum + p.items.length, 0);
  return pages.at(-1)?.cursor ? `${n}+` : String(n);
}
