import type { ReactNode } from 'react';

/** A label and its value. */
export type DetailRow = readonly [string, ReactNode];

/** Label and value pairs (a listing's price panel and specifications, a purchase's facts). */
export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="detail-list">
      {rows.map(([k, v]) => (
        <div key={k} className="detail-row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
