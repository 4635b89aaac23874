import { useId } from 'react';
import {
  CONDITION_LABELS,
  LISTING_CONDITIONS,
  LISTING_TYPES,
  MARKETPLACE_SORTS,
} from '../../../../../shared/domain/listing';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { LISTING_TYPE_LABELS, SORT_LABELS, type MarketplaceFilters } from '../lib/marketplace-params';
import { PriceRangeForm } from './price-range-form';

type Change = (next: Partial<MarketplaceFilters>) => void;

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | 'all';
  options: readonly { value: T | 'all'; label: string }[];
  onChange(value: T | 'all'): void;
}) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value as T | 'all')}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const CONDITION_OPTIONS = [
  { value: 'all' as const, label: 'All Conditions' },
  ...LISTING_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] })),
];
const TYPE_OPTIONS = [
  { value: 'all' as const, label: 'All Types' },
  ...LISTING_TYPES.map((t) => ({ value: t, label: LISTING_TYPE_LABELS[t] })),
];
const SORT_OPTIONS = MARKETPLACE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));

/** Whether the panel's own controls narrow or order the results (the panel then starts open). */
export function panelInUse(f: MarketplaceFilters): boolean {
  return !!(f.condition || f.listingType || f.sort || f.minPriceCents !== undefined || f.maxPriceCents !== undefined);
}

/** The 'More Filters' disclosure button. */
export function FilterPanelToggle({ open, panelId, onToggle }: { open: boolean; panelId: string; onToggle(): void }) {
  return (
    <button
      type="button"
      className="btn btn-outline filter-toggle"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      More Filters
      <ChevronDownIcon />
    </button>
  );
}

/**
 * Spec part 1 "Marketplace page" 'More Filters': condition (our conditions), listing type, sort and a price range, all
 * applied on the server.
 */
export function FilterPanel({
  id,
  open,
  filters,
  onChange,
}: {
  id: string;
  open: boolean;
  filters: MarketplaceFilters;
  onChange: Change;
}) {
  return (
    <div id={id} className="filter-panel" role="group" aria-label="More Filters" hidden={!open}>
      <Select
        label="Condition"
        value={filters.condition ?? 'all'}
        options={CONDITION_OPTIONS}
        onChange={(v) => onChange({ condition: v === 'all' ? undefined : v })}
      />
      <Select
        label="Listing Type"
        value={filters.listingType ?? 'all'}
        options={TYPE_OPTIONS}
        onChange={(v) => onChange({ listingType: v === 'all' ? undefined : v })}
      />
      <Select
        label="Sort By"
        value={filters.sort ?? 'newest'}
        options={SORT_OPTIONS}
        onChange={(v) => onChange({ sort: v === 'all' ? undefined : v })}
      />
      <PriceRangeForm
        key={`${filters.minPriceCents ?? ''}-${filters.maxPriceCents ?? ''}`}
        minPriceCents={filters.minPriceCents}
        maxPriceCents={filters.maxPriceCents}
        onApply={onChange}
      />
    </div>
  );
}
