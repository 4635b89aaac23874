import type { MarketplaceView } from '../lib/marketplace-params';

const icon = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  'aria-hidden': true,
  focusable: false,
};

function GridIcon() {
  return (
    <svg {...icon}>
      <rect x="4" y="4" width="7" height="7" rx="1" />
      <rect x="13" y="4" width="7" height="7" rx="1" />
      <rect x="4" y="13" width="7" height="7" rx="1" />
      <rect x="13" y="13" width="7" height="7" rx="1" />
    </svg>
  );
}

function ListIcon() {
  return (
    <svg {...icon}>
      <rect x="4" y="5" width="5" height="5" rx="1" />
      <rect x="4" y="14" width="5" height="5" rx="1" />
      <path d="M12 7.5h8M12 16.5h8" strokeLinecap="round" />
    </svg>
  );
}

/** Grid or list (one card per row, image left); two pressed-state buttons. */
export function ViewToggle({ view, onChange }: { view: MarketplaceView; onChange(view: MarketplaceView): void }) {
  return (
    <div className="view-toggle" role="group" aria-label="View">
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-pressed={view === 'grid'}
        aria-label="Grid view"
        title="Grid view"
        onClick={() => onChange('grid')}
      >
        <GridIcon />
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-pressed={view === 'list'}
        aria-label="List view"
        title="List view"
        onClick={() => onChange('list')}
      >
        <ListIcon />
      </button>
    </div>
  );
}
