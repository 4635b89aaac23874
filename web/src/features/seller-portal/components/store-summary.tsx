import { useStore as useStoreSummary } from '../../../domains/stores/api';
import { ratingText, reviewCountText } from '../../../domains/stores/rating';
import { storeProfileComplete } from '../lib/portal-display';

/** The store summary card: name, description, seller badge, rating and reviews from the public store. */
export function StoreSummary({ username }: { username: string }) {
  const { data: store, error, isLoading, mutate } = useStoreSummary(username);

  if (isLoading && !store) {
    return (
      <section className="portal-card store-summary" aria-label="Your store" aria-busy="true">
        <div className="spinner" aria-hidden />
        <p role="status">Loading store...</p>
      </section>
    );
  }
  if (error && !store) {
    return (
      <section className="portal-card store-summary" aria-label="Your store">
        <div className="status-inline status-error" role="alert">
          <span>Failed to load your store</span>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void mutate()}>
            Try Again
          </button>
        </div>
      </section>
    );
  }
  if (!store) return null;

  const rating = ratingText(store.rating);
  return (
    <section className="portal-card store-summary" aria-label="Your store">
      {store.avatarUrl && (
        <img className="store-summary-avatar" src={store.avatarUrl} alt="" width={64} height={64} decoding="async" />
      )}
      <div className="store-summary-text">
        <h2 className="store-summary-name">{store.storeName || 'Your Store'}</h2>
        {store.storeDescription && <p className="store-summary-description">{store.storeDescription}</p>}
        <p className="store-summary-meta">
          {store.isSeller && <span className="badge badge-accent">Active Seller</span>}
          <span className={storeProfileComplete(store) ? 'badge badge-primary' : 'badge badge-warning'}>
            {storeProfileComplete(store) ? 'Profile Complete' : 'Profile Incomplete'}
          </span>
          {rating ? (
            <span className="store-summary-rating">
              <span className="sr-only">Rating: </span>
              {rating}
              <span aria-hidden> ★</span>
              <span className="sr-only"> out of 5</span>
            </span>
          ) : (
            <span>No ratings yet</span>
          )}
          <span>{reviewCountText(store.reviewCount)}</span>
        </p>
      </div>
    </section>
  );
}
