import '../../../styles/store-customize.css';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { ListingGrid } from '../../../domains/listings/listing-grid';
import { useStore } from '../../../domains/stores/api';
import { StoreHeader } from '../../../domains/stores/store-header';
import { FeaturedPicker } from './featured-picker';

/**
 * The Preview tab (spec part 3 seller portal): the store as visitors see it, in its theme (the portal's own), with its
 * real featured items and the way to choose them.
 */
export function StorePreview({ username, token }: { username: string; token: string }) {
  const id = useId();
  const { data: store, error, isLoading, mutate } = useStore(username);
  const [picking, setPicking] = useState(false);

  if (isLoading && !store) return <PageLoading text="Loading your store..." />;
  if (error && !store) return <LoadFailed title="Failed to load user profile." onRetry={() => void mutate()} />;
  if (!store) return null;

  return (
    <section className="store-preview" aria-labelledby={`${id}-heading`}>
      <div className="portal-section-head">
        <h2 id={`${id}-heading`} className="section-heading">
          Store Preview
        </h2>
        <p className="field-hint">Your store as visitors see it.</p>
      </div>
      <StoreHeader store={store} as="div" titleLevel={3} />
      <div className="portal-section-head store-featured">
        <h3 className="store-featured-title">Featured Items</h3>
        {store.listings.length > 0 && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setPicking(true)}>
            Choose Featured Items
          </button>
        )}
      </div>
      {store.featured.length === 0 ? (
        <div className="status">
          <p className="status-title">No featured items yet</p>
          <p>Your active listings show here. List an item to feature it.</p>
          <Link to="/sell" className="btn btn-primary">
            Create New Listing
          </Link>
        </div>
      ) : (
        <>
          <p className="field-hint">
            {store.featuredPinned ? 'Your picks, in order.' : 'Your newest listings. Choose your own to pin them here.'}
          </p>
          <ListingGrid listings={store.featured} label="Featured items" />
        </>
      )}
      <FeaturedPicker store={store} token={token} open={picking} onOpenChange={setPicking} />
    </section>
  );
}
