import '../../../styles/store.css';
import { useEffect, useId } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import type { Store } from '../../../../../shared/api/stores';
import { SELLER_SETTINGS_TEXTS } from '../../../../../shared/domain/seller-settings';
import { ACCOUNT_STATE_TEXTS } from '../../../../../shared/domain/account-state';
import { PageLoading } from '../../../components/ui/page-loading';
import { Tabs } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api';
import { useOptionalSession } from '../../../lib/session/session-context';
import { ListingGrid } from '../../../domains/listings/listing-grid';
import { ViewToggle } from '../../../domains/listings/view-toggle';
import { useStore } from '../../../domains/stores/api';
import { ContactSellerButton } from '../../../domains/messages/contact-seller-button';
import { FollowButton } from '../components/follow-button';
import { StoreHeader } from '../../../domains/stores/store-header';
import { StoreThemeArea } from '../../../domains/stores/store-theme';
import { StoreReviews } from '../components/store-reviews';
import { LoadFailed } from '../../../components/ui/load-failed';

const TABS = [
  { id: 'store', label: 'Store' },
  { id: 'reviews', label: 'Reviews' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function StoreTabs({ store, owner }: { store: Store; owner: { token: string } | null }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'reviews' ? 'reviews' : 'store';
  const view = params.get('view') === 'list' ? 'list' : 'grid';
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
  const tabs = TABS.map((t) => ({
    ...t,
    count: t.id === 'store' ? store.listings.length : store.reviewCount,
  }));

  return (
    <Tabs
      label="Store sections"
      tabs={tabs}
      selected={tab}
      onSelect={(id) => set('tab', id === 'store' ? null : id)}
      className="store-tabs"
      scroll={false}
      barClassName="store-tabs-bar"
      aside={
        tab === 'store' &&
        store.listings.length > 0 && <ViewToggle view={view} onChange={(v) => set('view', v === 'grid' ? null : v)} />
      }
      panelProps={{
        className: 'store-panel',
        tabIndex: undefined,
        'data-view': tab === 'store' && view === 'list' ? 'list' : undefined,
      }}
    >
      {tab === 'reviews' ? (
        <StoreReviews username={store.username} owner={owner} />
      ) : store.listings.length === 0 ? (
        <div className="status">
          {/* A deactivated store lists nothing (decision 059). */}
          <p className="status-title">
            {store.deactivated ? ACCOUNT_STATE_TEXTS.storeDeactivated : 'No active listings'}
          </p>
          <p>
            {store.deactivated
              ? 'Its listings are hidden until its seller reactivates it.'
              : 'This store has nothing for sale right now.'}
          </p>
        </div>
      ) : (
        <>
          <FeaturedItems store={store} />
          <ListingGrid listings={store.listings} label={`Listings of ${store.username}`} />
        </>
      )}
    </Tabs>
  );
}

/** The seller's pinned listings, or the newest four (decision 055), above the grid. */
function FeaturedItems({ store }: { store: Store }) {
  const id = useId();
  if (store.featured.length === 0) return null;
  return (
    <section className="store-featured" aria-labelledby={id}>
      <h2 id={id} className="store-featured-title">
        Featured Items
      </h2>
      <ListingGrid listings={store.featured} label={`Featured items of ${store.username}`} />
    </section>
  );
}

/**
 * /user/{username} (spec part 3 "Store page"): public; the owner sees Customize Store and List New Item, everyone else
 * Follow (decision 058) and Message (a conversation with the store's user).
 */
export function StorePage() {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const session = useOptionalSession();
  const { data: store, error, isLoading, mutate } = useStore(username);
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
    <StoreThemeArea theme={store.theme} className="store-theme-page">
      <div className="container store-page">
        <title>{`${store.storeName || store.username} · RLUSD Marketplace`}</title>
        <StoreHeader
          store={store}
          actions={
            owner?.token ? (
              <>
                {/* The seller portal's Customize tab is the one place a store is edited. */}
                <Link to="/seller-portal?tab=customize" className="btn btn-outline">
                  Customize Store
                </Link>
                <Link to="/sell" className="btn btn-primary">
                  List New Item
                </Link>
              </>
            ) : (
              <>
                <FollowButton store={store} />
                <ContactSellerButton
                  target={{ sellerId: store.userId }}
                  sellerId={store.userId}
                  label="Message"
                  className="btn btn-outline"
                  refusal={store.contact.acceptsMessages ? null : SELLER_SETTINGS_TEXTS.directContactOff}
                />
              </>
            )
          }
        />
        <StoreTabs store={store} owner={owner?.token ? { token: owner.token } : null} />
      </div>
    </StoreThemeArea>
  );
}

/** /profile/{username}: the spec's other reading of the store page's path. */
export function ProfileRedirect() {
  const { username = '' } = useParams();
  return <Navigate to={`/user/${encodeURIComponent(username)}`} replace />;
}
