import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Shown after the label, e.g. a count: 'Purchases (3)'. */
  count?: number | string | null;
}

export interface TabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect(id: T): void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}

/**
 * Tabs after the WAI-ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move between tabs and select them
 * (automatic activation), the panel is labelled by its tab.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children, className }: TabsProps<T>) {
  const prefix = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length]!;
    onSelect(next.id);
    refs.current[tabs.indexOf(next)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowRight') select(index + 1);
    else if (event.key === 'ArrowLeft') select(index - 1);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(tabs.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="tablist tablist-scroll">
        {tabs.map((t, index) => (
          <button
            key={t.id}
            ref={(el) => void (refs.current[index] = el)}
            type="button"
            role="tab"
            id={`${prefix}-${t.id}-tab`}
            aria-controls={`${prefix}-${t.id}-panel`}
            aria-selected={selected === t.id}
            tabIndex={selected === t.id ? 0 : -1}
            className="tab"
            onClick={() => select(index)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {t.count === undefined || t.count === null ? t.label : `${t.label} (${t.count})`}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${prefix}-${selected}-panel`}
        aria-labelledby={`${prefix}-${selected}-tab`}
        tabIndex={0}
        className="tabpanel"
      >
        {children}
      </div>
    </div>
  );
}
