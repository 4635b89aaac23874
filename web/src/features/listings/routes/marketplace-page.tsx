import '../../../styles/marketplace.css';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MARKETPLACE_CATEGORY_OPTIONS } from '../../../../../shared/domain/categories';
import { SearchField } from '../../../components/ui/search-field';
import { useMarketplaceListings } from '../../../domains/listings/api';
import { FilterChips } from '../components/filter-chips';
import { FilterPanel, FilterPanelToggle, panelInUse } from '../components/filter-panel';
import { ListingGrid } from '../../../domains/listings/listing-grid';
import { ViewToggle } from '../../../domains/listings/view-toggle';
import {
  activeFilters,
  clearedFilters,
  hasFilters,
  readMarketplaceParams,
  resultCountText,
  writeMarketplaceParams,
  type MarketplaceFilters,
} from '../lib/marketplace-params';
import '../../../styles/marketplace-filters.css';
import { LoadFailed } from '../../../components/ui/load-failed';

/**
 * /marketplace: every filter is applied on the server and lives in the URL, which is the only state: Back and Forward
 * restore filters and results, and a shared link shows the same results. Results are paged with 'Load more'.
 */
export function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const filters = readMarketplaceParams(params);
  const categoryId = useId();
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(() => panelInUse(filters));
  const listings = useMarketplaceListings({
    search: filters.search || undefined,
    category: filters.category,
    subcategory: filters.subcategory,
    sort: filters.sort,
    condition: filters.condition,
    listingType: filters.listingType,
    minPriceCents: filters.minPriceCents,
    maxPriceCents: filters.maxPriceCents,
  });

  // Filter changes push a history entry so Back undoes them; the search box replaces (decision 003), and so does the
  // view.
  const apply = (next: Partial<MarketplaceFilters>, replace = false) =>
    setParams(writeMarketplaceParams({ ...filters, ...next }), { replace });

  // A failed page shows up in `listings.error` (rendered below the grid), so the promise needs no handler of its own.
  const loadMore = () => void listings.setSize(listings.size + 1);

  const firstLoad = listings.isLoading && listings.items.length === 0;
  const failed = !!listings.error && listings.items.length === 0;
  const count = listings.items.length;
  const countText =
    firstLoad || failed || count === 0 ? undefined : resultCountText(count, listings.hasMore || listings.isLoadingMore);

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
          onSearch={(search) => apply({ search }, true)}
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
        <div className="marketplace-tools">
          <FilterPanelToggle open={panelOpen} panelId={panelId} onToggle={() => setPanelOpen((o) => !o)} />
          <ViewToggle view={filters.view} onChange={(view) => apply({ view }, true)} />
        </div>
      </div>
      <FilterPanel id={panelId} open={panelOpen} filters={filters} onChange={(next) => apply(next)} />
      <FilterChips
        chips={activeFilters(filters)}
        countText={countText}
        onRemove={(chip) => apply(chip.without)}
        onClearAll={() => apply(clearedFilters(filters))}
      />

      <section
        aria-label="Results"
        className="marketplace-results"
        data-view={filters.view === 'list' ? 'list' : undefined}
      >
        {firstLoad ? (
          <div className="status" role="status" aria-live="polite">
            <div className="spinner" aria-hidden />
            <p>Loading marketplace...</p>
          </div>
        ) : failed ? (
          <LoadFailed title="Failed to load listings" onRetry={() => void listings.mutate()} />
        ) : listings.items.length === 0 ? (
          <div className="status">
            <p className="status-title">No listings found</p>
            <p>{hasFilters(filters) ? 'Try adjusting your filters' : 'Be the first to list an item!'}</p>
          </div>
        ) : (
          <>
            <ListingGrid listings={listings.items} label="Listings" priorityCount={4} />
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
