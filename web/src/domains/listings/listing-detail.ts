import useSWR from 'swr';
import { getListing } from '../../../../shared/api/listings';
import { apiGet } from '../../lib/api';
import { useOptionalSession } from '../../lib/session/session-context';

/**
 * The listing page's data as this viewer may see it. Signed in, the request carries the session token, so the
 * listing's seller also gets its reserve and minimum offer (their edit form loads them). The key names the viewer, so
 * a visitor's copy never stands in for the seller's (refreshListingCaches still drops every copy by the id). While a
 * saved session is being restored nothing is fetched, so the seller is not first shown the visitor's copy.
 */
export function useListingDetail(listingId: string | null) {
  const session = useOptionalSession();
  const restoring = session?.status === 'loading';
  const token = session?.token ?? null;
  const viewer = session?.user?.id ?? null;
  return useSWR(listingId && !restoring ? ['listing', listingId, viewer] : null, () =>
    apiGet(getListing, { params: { listingId: listingId! }, token }),
  );
}
