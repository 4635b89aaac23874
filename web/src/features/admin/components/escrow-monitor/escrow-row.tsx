import type { EscrowRow as Row } from '../../../../../../shared/api/admin-escrow';
import { formatUsd } from '../../../../../../shared/domain/money';

const BUCKET_TEXT = { pending: 'Pending', held: 'Held', completed: 'Completed', cancelled: 'Cancelled' } as const;
const BUCKET_BADGE = {
  pending: 'badge-primary',
  held: 'badge-warning',
  completed: 'badge-accent',
  cancelled: '',
} as const;
const HOLD_TEXT = { dispute: 'by a dispute', return: 'by a return' } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/**
 * One escrow: its parties, amount and bucket, what the reconcile job found wrong with it, its ledger transactions, its
 * timeline, and Retry Settlement where running the settlement again can end it.
 */
export function EscrowRow({ row, busy, onRetry }: { row: Row; busy: boolean; onRetry(orderId: string): void }) {
  const headingId = `escrow-${row.orderId}`;
  return (
    <li className="escrow-row" aria-labelledby={headingId}>
      <div className="escrow-row-head">
        <h3 id={headingId} className="escrow-row-title">
          Order {row.orderId}
        </h3>
        <span className={`badge ${BUCKET_BADGE[row.bucket]}`}>{BUCKET_TEXT[row.bucket]}</span>
        {row.releaseHold && <span className="badge badge-warning">Held {HOLD_TEXT[row.releaseHold]}</span>}
        {row.stuck && <span className="badge badge-danger">Stuck</span>}
      </div>
      <p className="escrow-row-meta">
        {formatUsd(row.totalCents)} · buyer {row.buyer.username} · seller {row.seller.username} · status {row.status}
        {row.fundedAt && <> · funded {when(row.fundedAt)}</>}
      </p>
      {row.drift && (
        <p className="escrow-row-drift">
          Drift: {row.drift.found} (found <time dateTime={row.drift.at}>{when(row.drift.at)}</time>)
        </p>
      )}
      {row.transactions.length > 0 ? (
        <ul className="escrow-row-txs" aria-label="Ledger transactions">
          {row.transactions.map((t) => (
            <li key={t.txid}>
              {t.kind}:{' '}
              <a className="tx-hash" href={t.explorerUrl} target="_blank" rel="noopener noreferrer">
                {t.txid}
                <span className="sr-only"> (opens the ledger explorer in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="escrow-row-meta">No ledger transactions recorded.</p>
      )}
      <details className="escrow-row-timeline">
        <summary>Timeline</summary>
        <ol>
          {row.timeline.map((s) => (
            <li key={`${s.label}-${s.at}`}>
              <time dateTime={s.at}>{when(s.at)}</time> {s.label}
            </li>
          ))}
        </ol>
      </details>
      {row.retryable && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          aria-busy={busy}
          onClick={() => onRetry(row.orderId)}
        >
          {busy ? 'Retrying...' : 'Retry Settlement'}
        </button>
      )}
    </li>
  );
}
