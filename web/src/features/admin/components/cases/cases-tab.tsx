import '../../../../styles/disputes.css';
import '../../../../styles/admin-cases.css';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CaseSummary } from '../../../../../../shared/api/admin-cases';
import { formatUsd } from '../../../../../../shared/domain/money';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { PageLoading } from '../../../../components/ui/page-loading';
import { useCases } from '../../../../domains/admin-cases/api';
import { CaseDetail } from './case-detail';
import { caseTime, deadlineText, KIND_TEXT } from './case-texts';

function CaseRow({ c, onOpen }: { c: CaseSummary; onOpen(orderId: string): void }) {
  const headingId = `cases-${c.orderId}`;
  return (
    <li className="case-row" aria-labelledby={headingId}>
      <div className="case-head">
        <h3 id={headingId} className="case-row-title">
          {c.title}
        </h3>
        <span className="badge badge-warning">{KIND_TEXT[c.kind]}</span>
      </div>
      <p className="case-meta">
        Order <code>{c.orderId}</code> · buyer {c.buyer.username} · seller {c.seller.username} ·{' '}
        {formatUsd(c.amountCents)} RLUSD
      </p>
      <p className="case-meta">
        {c.reason} · opened {caseTime(c.openedAt)}
      </p>
      <p className={c.deadline ? 'case-deadline' : 'case-meta'}>{deadlineText(c)}</p>
      <button
        type="button"
        className="btn btn-outline"
        aria-label={`Review ${KIND_TEXT[c.kind].toLowerCase()}: ${c.title}`}
        onClick={() => onOpen(c.orderId)}
      >
        Review
      </button>
    </li>
  );
}

/**
 * The admin Cases tab (decision 068): the disputes and returns waiting for an administrator, soonest deadline first,
 * and one case at a time with both sides, the order's messages and timeline, and Release or Refund with a reason.
 */
export function CasesTab({ token, userId }: { token: string; userId: string }) {
  const id = useId();
  const { data, error, mutate, isLoading } = useCases(token, userId);
  const [open, setOpen] = useState<string | null>(null);
  const lastOpened = useRef<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (error) toast.error('Failed to load cases');
  }, [error]);

  // Back from a case, focus returns to its row's button (or the list when the case left it).
  useEffect(() => {
    if (open || !lastOpened.current || !data) return;
    const row = document.getElementById(`cases-${lastOpened.current}`)?.closest('li');
    (row?.querySelector('button') ?? list.current)?.focus();
    lastOpened.current = null;
  }, [open, data]);

  const show = (orderId: string | null) => {
    if (orderId) lastOpened.current = orderId;
    setOpen(orderId);
  };

  let body;
  if (open) {
    body = (
      <CaseDetail
        orderId={open}
        token={token}
        userId={userId}
        onBack={() => show(null)}
        onDecided={() => {
          show(null);
          void mutate();
        }}
      />
    );
  } else if (isLoading && !data) body = <PageLoading text="Loading cases..." />;
  else if (error && !data) body = <LoadFailed title="Failed to load cases" outline onRetry={() => void mutate()} />;
  else if (data && data.items.length === 0) body = <p className="status">No open cases.</p>;
  else {
    body = (
      <>
        {data?.more && (
          <p className="case-meta">The {data.items.length} soonest are shown; the rest follow as these are decided.</p>
        )}
        <ul ref={list} tabIndex={-1} className="case-rows" aria-label="Open cases">
          {data?.items.map((c) => (
            <CaseRow key={`${c.kind}-${c.orderId}`} c={c} onOpen={show} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="admin-cases" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-heading">
        Cases
      </h2>
      <p className="case-meta">Disputes and escalated returns waiting for a decision, the soonest deadline first.</p>
      {body}
    </section>
  );
}
