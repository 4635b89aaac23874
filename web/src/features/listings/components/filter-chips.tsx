import type { ActiveFilter } from '../lib/marketplace-params';

/**
 * The active filters as removable chips, 'Clear all' and the result count. The count is a live region, so a screen
 * reader hears how many results a change left.
 */
export function FilterChips({
  chips,
  countText,
  onRemove,
  onClearAll,
}: {
  chips: readonly ActiveFilter[];
  /** Undefined while the first page loads or failed. */
  countText: string | undefined;
  onRemove(chip: ActiveFilter): void;
  onClearAll(): void;
}) {
  return (
    <div className="filter-bar">
      {chips.length > 0 && (
        <>
          <ul className="filter-chips" aria-label="Active filters">
            {chips.map((chip) => (
              <li key={chip.id}>
                <button
                  type="button"
                  className="filter-chip"
                  aria-label={`Remove filter ${chip.label}`}
                  onClick={() => onRemove(chip)}
                >
                  <span>{chip.label}</span>
                  <span className="filter-chip-x" aria-hidden>
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClearAll}>
            Clear all
          </button>
        </>
      )}
      <p className="result-count" role="status" aria-live="polite">
        {countText}
      </p>
    </div>
  );
}
