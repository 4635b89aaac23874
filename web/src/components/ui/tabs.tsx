import './tabs.css';
import { useId, useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

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
  /** Wraps the tab list and the panel in a box of this class; without it they sit in their parent (a form's grid). */
  className?: string;
  /** Underlined tabs, or a pill switch between a few modes of one form (the sell form's listing type). */
  look?: 'tabs' | 'segmented';
  /** Whether a long tab list scrolls sideways (underlined tabs only). */
  scroll?: boolean;
  /** With `barClassName`, the tab list sits in a bar of that class, `aside` beside it (e.g. the store's view toggle). */
  aside?: ReactNode;
  barClassName?: string;
  /** The panel's own attributes; by default it is a focusable `tabpanel`. */
  panelProps?: HTMLAttributes<HTMLDivElement> & Partial<Record<`data-${string}`, string>>;
}

/**
 * Tabs after the WAI-ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move between tabs and select them
 * (automatic activation), the panel is labelled by its tab.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  className,
  look = 'tabs',
  scroll = true,
  aside,
  barClassName,
  panelProps,
}: TabsProps<T>) {
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
  const segmented = look === 'segmented';
  const listClass = segmented ? 'segmented' : scroll ? 'tablist tablist-scroll' : 'tablist';
  const tabClass = (on: boolean) => (segmented ? `segment${on ? ' is-active' : ''}` : 'tab');
  const list = (
    <div role="tablist" aria-label={label} className={listClass}>
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
          className={tabClass(selected === t.id)}
          onClick={() => select(index)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {t.count === undefined || t.count === null ? t.label : `${t.label} (${t.count})`}
        </button>
      ))}
    </div>
  );
  const panel = (
    <div
      className="tabpanel"
      tabIndex={0}
      {...panelProps}
      role="tabpanel"
      id={`${prefix}-${selected}-panel`}
      aria-labelledby={`${prefix}-${selected}-tab`}
    >
      {children}
    </div>
  );
  const bar =
    barClassName === undefined ? (
      list
    ) : (
      <div className={barClassName}>
        {list}
        {aside}
      </div>
    );
  if (className === undefined) {
    return (
      <>
        {bar}
        {panel}
      </>
    );
  }
  return (
    <div className={className}>
      {bar}
      {panel}
    </div>
  );
}
