import '../../../../styles/escrow-monitor.css';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ESCROW_FILTERS, type EscrowFilter } from '../../../../../../shared/domain/escrow-monitor';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { PageLoading } from '../../../../components/ui/page-loading';
import { SearchField } from '../../../../components/ui/search-field';
import { SelectField } from '../../../../components/ui/select-field';
import { ApiError } from '../../../../lib/api';
import { retrySettlement, useEscrowMonitor } from '../../../../domains/escrow-monitor/api';
import { EscrowRow } from './escrow-row';

const FILTER_TEXT: Record<EscrowFilter, string> = {
  pending: 'Pending',
  held: 'Held',
  completed: 'Completed',
  cancelled: 'Cancelled',
  stuck: 'Stuck',
};
const FILTER_OPTIONS = [['', 'All'] as const, ...ESCROW_FILTERS.map((f) => [f, FILTER_TEXT[f]] as const)];

/**
 * The admin escrow monitor (spec part 3 "Escrow monitor", decision 065): the latest 50 escrows newest first with the
 * counts by status, filtered by status or searched by order id or username; a stuck one's settlement can run again.
 */
export function EscrowMonitor({ token }: { token: string }) {
  const id = useId();
  const [status, setStatus] = useState<EscrowFilter | ''>('');
  const [q, setQ] = useState('');
  const { data, error, mutate, isLoading } = useEscrowMonitor(token, status, q);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (error) toast.error('Failed to load escrow transactions');
  }, [error]);

  const retry = async (orderId: string) => {
    setBusy(orderId);
    try {
      const r = await retrySettlement(token, orderId);
      if (r.stuck) toast.error('Settlement still stuck', { description: `Order ${orderId} is ${r.status}.` });
      else toast.success('Settlement retried', { description: `Order ${orderId} is ${r.status}.` });
    } catch (e) {
      toast.error('Failed to retry settlement', {
        description: e instanceof ApiError ? e.message : 'Please try again.',
      });
    }
    await mutate().catch(() => undefined);
    setBusy(null);
  };

  return (
    <section className="escrow-monitor" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-heading">
        Escrow Monitor
      </h2>
      {data && (
        <dl className="escrow-counts" aria-label="Escrows by status">
          {(['pending', 'held', 'completed', 'cancelled', 'stuck'] as const).map((k) => (
            <div key={k} className={`escrow-count escrow-count-${k}`}>
              <dt>{FILTER_TEXT[k]}</dt>
              <dd>{data.counts[k]}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="escrow-filters">
        <SelectField
          id={`${id}-status`}
          label="Status"
          value={status}
          onChange={(v) => setStatus(v as EscrowFilter | '')}
          options={FILTER_OPTIONS}
        />
        <SearchField
          label="Search by order id, buyer or seller"
          showLabel
          placeholder="Order id or username"
          onSearch={setQ}
        />
      </div>
      {isLoading && !data ? (
        <PageLoading text="Loading escrow transactions..." />
      ) : error && !data ? (
        <LoadFailed title="Failed to load escrow transactions" outline onRetry={() => void mutate()} />
      ) : data && data.escrows.length === 0 ? (
        <p className="status">{q || status ? 'No escrows match.' : 'No escrows yet.'}</p>
      ) : (
        <ul className="escrow-rows" aria-label="Latest escrows">
          {data?.escrows.map((row) => (
            <EscrowRow key={row.orderId} row={row} busy={busy === row.orderId} onRetry={(o) => void retry(o)} />
          ))}
        </ul>
      )}
    </section>
  );
}
