import '../../../styles/item-rows.css';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { MyListing } from '../../../../../shared/api/listings';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api';
import { endMyListing, useMyListings } from '../../../domains/listings/api';
import { refreshListingCaches } from '../../../domains/listings/api';
import { EndListingDialog } from './end-listing-dialog';
import { MyListingRow, rowControlIds } from './my-listing-row';
import { LoadFailed } from '../../../components/ui/load-failed';

/** The My Listings tab (spec part 3 seller portal): own listings newest first, with view, edit and end. */
export function MyListings({ userId, token }: { userId: string; token: string }) {
  const { data, error, isLoading, mutate: mutateMine } = useMyListings(userId, token);
  const { mutate, cache } = useSWRConfig();
  const idPrefix = useId();
  const [confirming, setConfirming] = useState<MyListing | null>(null);
  const [ending, setEnding] = useState(false);
  // Which row's control gets focus back once the dialog has closed (its End button is gone once ended).
  const [returnFocusTo, setReturnFocusTo] = useState<string | null>(null);

  const confirmEnd = () => {
    if (!confirming) return;
    const listing = confirming;
    const ids = rowControlIds(idPrefix, listing.id);
    setEnding(true);
    endMyListing(token, listing.id)
      .then(async () => {
        // Show the row as ended at once; the refetch below confirms it from the server.
        await mutateMine(
          (current) =>
            current && {
              items: current.items.map((l) => (l.id === listing.id ? { ...l, status: 'ended' as const } : l)),
            },
          { revalidate: false },
        );
        setReturnFocusTo(ids.view);
        toast.success('Listing ended successfully');
        // The listing is ended: a refetch that fails later must not report the end as failed.
        void refreshListingCaches(mutate, cache, listing.id).catch(() => undefined);
      })
      .catch((e: unknown) => {
        console.warn('Ending the listing failed', e);
        setReturnFocusTo(ids.end);
        toast.error('Failed to end listing', e instanceof ApiError ? { description: e.message } : undefined);
        // It may have ended or sold meanwhile (409): show its current status.
        void mutateMine();
      })
      .finally(() => {
        setEnding(false);
        setConfirming(null);
      });
  };

  const items = data?.items ?? [];
  const loadedEmpty = !!data && items.length === 0;

  return (
    <section className="portal-listings" aria-labelledby={`${idPrefix}-heading`}>
      <div className="portal-section-head">
        <h2 id={`${idPrefix}-heading`} className="section-heading">
          My Listings
        </h2>
        {!loadedEmpty && (
          <Link to="/sell" className="btn btn-primary">
            Create New Listing
          </Link>
        )}
      </div>
      {isLoading && !data ? (
        <PageLoading text="Loading your listings..." />
      ) : error && !data ? (
        <LoadFailed title="Failed to load your listings" onRetry={() => void mutateMine()} />
      ) : loadedEmpty ? (
        <div className="status">
          <p className="status-title">You have no listings yet</p>
          <Link to="/sell" className="btn btn-primary">
            Create Your First Listing
          </Link>
        </div>
      ) : (
        <ul className="item-rows portal-rows" aria-label="Your listings">
          {items.map((l) => (
            <MyListingRow
              key={l.id}
              listing={l}
              idPrefix={idPrefix}
              onEnd={(listing) => {
                setReturnFocusTo(rowControlIds(idPrefix, listing.id).end);
                setConfirming(listing);
              }}
            />
          ))}
        </ul>
      )}
      <EndListingDialog
        listing={confirming}
        ending={ending}
        onConfirm={confirmEnd}
        onClose={() => setConfirming(null)}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo ? document.getElementById(returnFocusTo) : null;
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      />
    </section>
  );
}
