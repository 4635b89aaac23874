/** Label and value pairs (price panel, specifications). */
export function DetailList({ rows }: { rows: readonly (readonly [string, string])[] }) {
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
