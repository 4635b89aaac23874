import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MARKETPLACE_CATEGORY_OPTIONS } from '../../../../../shared/domain/categories';
import { MARKETPLACE_SORTS } from '../../../../../shared/domain/listing';
import { SearchField } from '../../../components/ui/search-field';
import { useMarketplaceListings } from '../api/list-listings';
import { ListingGrid } from '../components/listing-grid';
import {
  hasFilters,
  readMarketplaceParams,
  SORT_LABELS,
  writeMarketplaceParams,
  type MarketplaceFilters,
} from '../lib/marketplace-params';

/** /marketplace: search, category and sort applied on the server, results paged with 'Load more'. */
export function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const filters = readMarketplaceParams(params);
  const categoryId = useId();
  const sortId = useId();
  const listings = useMarketplaceListings({
    search: filters.search || undefined,
    category: filters.category,
    subcategory: filters.subcategory,
    sort: filters.sort,
  });

  const apply = (next: Partial<MarketplaceFilters>) =>
    setParams(writeMarketplaceParams({ ...filters, ...next }), { replace: true });

  // A failed page shows up in `listings.error` (rendered below the grid), so the promise needs no handler of its own.
  const loadMore = () => void listings.setSize(listings.size + 1);

  const firstLoad = listings.isLoading && listings.items.length === 0;
  const failed = !!listings.error && listings.items.length === 0;

  return (
    <div className="container marketplace">
      <title>Marketplace · RLUSD Marketplace</title>
      <div className="marketplace-head">
        <h1 className="page-title">Discover Amazing Deals</h1>
        <p className="page-lead">Fixed-price items and auctions, paid in RLUSD and protected by escrow.</p>
      </div>
      <div className="marketplace-controls">
        <SearchField
          key={filters.search}
          className="marketplace-search"
          label="Search listings"
          placeholder="Search listings..."
          defaultValue={filters.search}
          onSearch={(search) => apply({ search })}
        />
        <div className="marketplace-select">
          <label htmlFor={categoryId} className="field-label">
            Category
          </label>
          <select
            id={categoryId}
            className="select"
            value={filters.category ?? 'all'}
            onChange={(e) => {
              const value = e.target.value;
              apply({
                category: value === 'all' ? undefined : (value as MarketplaceFilters['category']),
                subcategory: undefined,
              });
            }}
          >
            {MARKETPLACE_CATEGORY_OPTIONS.map((c) => (
              <option key={c} value={c}>
                {c === 'all' ? 'All Categories' : c}
              </option>
            ))}
          </select>
        </div>
        <div className="marketplace-select">
          <label htmlFor={sortId} className="field-label">
            Sort by
          </label>
          <select
            id={sortId}
            className="select"
            value={filters.sort ?? 'newest'}
            onChange={(e) => apply({ sort: e.target.value as MarketplaceFilters['sort'] })}
          >
            {MARKETPLACE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {filters.subcategory && (
        <p className="marketplace-subcategory">
          Showing <strong>{filters.subcategory}</strong> in {filters.category}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => apply({ subcategory: undefined })}>
            Show all {filters.category}
          </button>
        </p>
      )}

      <section aria-label="Results" className="marketplace-results">
        {firstLoad ? (
          <div className="status" role="status" aria-live="polite">
            <div className="spinner" aria-hidden />
            <p>Loading marketplace...</p>
          </div>
        ) : failed ? (
          <div className="status status-error" role="alert">
            <p className="status-title">Failed to load listings</p>
            <button type="button" className="btn btn-primary" onClick={() => void listings.mutate()}>
              Try Again
            </button>
          </div>
        ) : listings.items.length === 0 ? (
          <div className="status">
            <p className="status-title">No listings found</p>
            <p>{hasFilters(filters) ? 'Try adjusting your filters' : 'Be the first to list an item!'}</p>
          </div>
        ) : (
          <>
            <ListingGrid listings={listings.items} label="Listings" />
            <div className="load-more" aria-live="polite">
              {listings.error ? (
                <div className="status-inline status-error" role="alert">
                  <span>Failed to load listings</span>
                  <button type="button" className="btn btn-outline" onClick={() => void listings.mutate()}>
                    Try Again
                  </button>
                </div>
              ) : listings.hasMore || listings.isLoadingMore ? (
                <button type="button" className="btn btn-outline" disabled={listings.isLoadingMore} onClick={loadMore}>
                  {listings.isLoadingMore ? 'Loading...' : 'Load more'}
                </button>
              ) : null}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
