import type { ReactElement } from 'react';
import { GridIcon, ListIcon } from '../../components/ui/icons';

/** How a list of listing cards is laid out. */
export type MarketplaceView = 'grid' | 'list';

const VIEWS = [
  { view: 'grid', label: 'Grid view', Icon: GridIcon },
  { view: 'list', label: 'List view', Icon: ListIcon },
] as const satisfies readonly { view: MarketplaceView; label: string; Icon: () => ReactElement }[];

/** Grid or list (one card per row, image left); two pressed-state buttons. */
export function ViewToggle({ view, onChange }: { view: MarketplaceView; onChange(view: MarketplaceView): void }) {
  return (
    <div className="view-toggle" role="group" aria-label="View">
      {VIEWS.map(({ view: option, label, Icon }) => (
        <button
          key={option}
          type="button"
          className="btn btn-ghost btn-icon"
          aria-pressed={view === option}
          aria-label={label}
          title={label}
          onClick={() => onChange(option)}
        >
          <Icon />
        </button>
      ))}
    </div>
  );
}
