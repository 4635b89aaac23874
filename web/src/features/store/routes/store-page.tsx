import '../../../styles/store.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import type { Store } from '../../../../../shared/api/stores';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api';
import { useOptionalSession } from '../../../lib/session/session-context';
import { ListingGrid } from '../../../domains/listings/listing-grid';
import { ViewToggle } from '../../../domains/listings/view-toggle';
import { useStore } from '../../../domains/stores/api';
import { ContactSellerButton } from '../../../domains/messages/contact-seller-button';
import { CustomizeStoreDialog } from '../components/customize-store-dialog';
import { StoreHeader } from '../components/store-header';
import { StoreReviews } from '../components/store-reviews';
import { LoadFailed } from '../../../components/ui/load-failed';

const TABS = [
  { id: 'store', label: 'Store' },
  { id: 'reviews', label: 'Reviews' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function StoreTabs({ store }: { store: Store }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'reviews' ? 'reviews' : 'store';
  const view = params.get('view') === 'list' ? 'list' : 'grid';
  const prefix = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const set = (name: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const select = (index: number) => {
    const next = TABS[(index + TABS.length) % TABS.length]!;
    set('tab', next.id === 'store' ? null : next.id);
    tabRefs.current[TABS.indexOf(next)]?.focus();
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowRight') select(index + 1);
    else if (event.key === 'ArrowLeft') select(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="store-tabs">
      <div className="store-tabs-bar">
        <div role="tablist" aria-label="Store sections" className="tablist">
          {TABS.map((t, index) => (
            <button
              key={t.id}
              ref={(el) => void (tabRefs.current[index] = el)}
              type="button"
              role="tab"
              id={`${prefix}-${t.id}-tab`}
              aria-controls={`${prefix}-${t.id}-panel`}
              aria-selected={tab === t.id}
              tabIndex={tab === t.id ? 0 : -1}
              className="tab"
              onClick={() => select(index)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {t.id === 'store' ? `${t.label} (${store.listings.length})` : `${t.label} (${store.reviewCount})`}
            </button>
          ))}
        </div>
        {tab === 'store' && store.listings.length > 0 && (
          <ViewToggle view={view} onChange={(v) => set('view', v === 'grid' ? null : v)} />
        )}
      </div>
      <div
        role="tabpanel"
        id={`${prefix}-${tab}-panel`}
        aria-labelledby={`${prefix}-${tab}-tab`}
        className="store-panel"
        data-view={tab === 'store' && view === 'list' ? 'list' : undefined}
      >
        {tab === 'reviews' ? (
          <StoreReviews username={store.username} />
        ) : store.listings.length === 0 ? (
          <div className="status">
            <p className="status-title">No active listings</p>
            <p>This store has nothing for sale right now.</p>
          </div>
        ) : (
          <ListingGrid listings={store.listings} label={`Listings of ${store.username}`} />
        )}
      </div>
    </section>
  );
}

/**
 * /user/{username} (spec part 3 "Store page"): public; the owner sees Customize Store and List New Item, everyone else
 * Message (a conversation with the store's user).
 */
export function StorePage() {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const session = useOptionalSession();
  const { data: store, error, isLoading, mutate } = useStore(username);
  const [customizing, setCustomizing] = useState(false);
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);

  useEffect(() => {
    if (!missing) return;
    toast.error('User Not Found');
    navigate('/', { replace: true });
  }, [missing, navigate]);

  if (missing) return null;
  if (error && !store) {
    return (
      <div className="container">
        <LoadFailed title="Failed to load user profile." onRetry={() => void mutate()} />
      </div>
    );
  }
  if (isLoading || !store) return <PageLoading />;

  const owner = session?.status === 'signed-in' && session.user?.id === store.userId ? session : null;
  return (
    <div className="container store-page">
      <title>{`${store.storeName || store.username} · RLUSD Marketplace`}</title>
      <StoreHeader
        store={store}
        actions={
          owner?.token ? (
            <>
              <button type="button" className="btn btn-outline" onClick={() => setCustomizing(true)}>
                Customize Store
              </button>
              <Link to="/sell" className="btn btn-primary">
                List New Item
              </Link>
            </>
          ) : (
            <ContactSellerButton
              target={{ sellerId: store.userId }}
              sellerId={store.userId}
              label="Message"
              className="btn btn-primary"
            />
          )
        }
      />
      <StoreTabs store={store} />
      {owner?.token && (
        <CustomizeStoreDialog
          store={store}
          token={owner.token}
          canUpload={owner.user?.isSeller === true}
          open={customizing}
          onOpenChange={setCustomizing}
        />
      )}
    </div>
  );
}

/** /profile/{username}: the spec's other reading of the store page's path. */
export function ProfileRedirect() {
  const { username = '' } = useParams();
  return <Navigate to={`/user/${encodeURIComponent(username)}`} replace />;
}
