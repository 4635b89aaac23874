import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { getSellerAnalytics, recordListingView } from '../../../../shared/api/analytics';
import type { AnalyticsRange } from '../../../../shared/domain/analytics';
import { apiGet, apiSend } from '../../lib/api';
import { useOptionalSession } from '../../lib/session/session-context';
import { keys } from '../keys';

/** The seller portal's Analytics and the listing page's view beacon (decision 056). */

/** The signed-in seller's figures over the last `range` days. */
export function useSellerAnalytics(userId: string, token: string, range: AnalyticsRange) {
  return useSWR(
    keys.sellerAnalytics(userId, range),
    () => apiGet(getSellerAnalytics, { token, query: { range: String(range) as `${AnalyticsRange}` } }),
    {
      keepPreviousData: true,
    },
  );
}

/**
 * Tells the server once that this page showed the listing (`null` while it is not shown yet), with the session when
 * there is one, so the seller's own views are known as theirs. Fire and forget: a lost beacon is a view not counted,
 * nothing the viewer needs to hear about.
 */
export function useListingViewBeacon(listingId: string | null) {
  const session = useOptionalSession();
  const restoring = session?.status === 'loading';
  const token = session?.token ?? null;
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!listingId || restoring || sent.current === listingId) return;
    sent.current = listingId;
    apiSend(recordListingView, { params: { listingId }, token, body: {} }).catch(() => undefined);
  }, [listingId, restoring, token]);
}
