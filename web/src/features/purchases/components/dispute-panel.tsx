import '../../../styles/disputes.css';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import { DISPUTE_REASON_LABELS } from '../../../../../shared/domain/disputes';
import { DetailList, type DetailRow } from '../../../components/ui/detail-list';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { refundDispute, withdrawDispute } from '../../../domains/disputes/api';
import { orderDate } from '../../../domains/orders/order-display';
import { ApiError } from '../../../lib/api';
import { DisputeAnswerForm } from './dispute-answer-form';
import { ReportIssueDialog } from './report-issue-dialog';

type Dispute = NonNullable<Order['dispute']>;

/** Where the dispute stands, in the reader's words (the buyer's or the seller's). */
function statusText(o: Order, d: Dispute): string {
  const buyer = o.role === 'buyer';
  const back = orderDate(o.escrow.cancelAfter);
  switch (d.status) {
    case 'open':
      return buyer
        ? `Open: the payment stays in escrow. Unless it is resolved before ${orderDate(d.endsAt)}, it comes back to you on ${back}.`
        : `Open: the payment is held. Unless it is resolved before ${orderDate(d.endsAt)}, it goes back to ${o.buyer.username} on ${back}.`;
    case 'withdrawn':
      return buyer ? 'You withdrew this issue.' : `${o.buyer.username} withdrew this issue.`;
    case 'released':
      return `Resolved: the payment was released to ${buyer ? o.seller.username : 'you'}.`;
    case 'refunded':
      return buyer
        ? `Resolved with a refund: the payment comes back to you on ${back}.`
        : `Resolved with a refund to ${o.buyer.username} (on ${back}).`;
    case 'expired':
      return buyer
        ? `Not resolved in time: the payment comes back to you on ${back}.`
        : `Not resolved in time: the payment goes back to ${o.buyer.username}.`;
  }
}

/** Photos of the issue or of an answer, each opening full size. */
function Photos({ urls, label }: { urls: string[]; label: string }) {
  return (
    <span className="dispute-photos">
      {urls.map((url, i) => (
        <a key={url} href={url} target="_blank" rel="noopener noreferrer">
          <img src={url} alt={`Photo ${i + 1} of ${label}`} loading="lazy" />
        </a>
      ))}
    </span>
  );
}

const canReport = (o: Order) =>
  o.role === 'buyer' && ['funded', 'shipped', 'delivered'].includes(o.status) && o.dispute?.status !== 'open';

/**
 * Report Issue on a purchase whose payment is still in escrow, and the issue itself to both parties (decision 053):
 * the buyer may withdraw it, the seller may refund the buyer; an administrator's decision shows with its reason.
 */
export function DisputePanel({ order: o, token, onChanged }: { order: Order; token: string; onChanged(): void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<'withdraw' | 'refund' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reportButton = useRef<HTMLButtonElement>(null);
  const d = o.dispute;
  if (!d && !canReport(o)) return null;

  const act = async (kind: 'withdraw' | 'refund') => {
    setBusy(kind);
    setError(null);
    try {
      await (kind === 'withdraw' ? withdrawDispute(token, o.id) : refundDispute(token, o.id));
      toast.success(kind === 'withdraw' ? 'Issue Withdrawn' : 'Refund Started', {
        description:
          kind === 'withdraw'
            ? 'The payment is released to the seller as usual.'
            : `The payment goes back to ${o.buyer.username} on ${orderDate(o.escrow.cancelAfter)}.`,
      });
      onChanged();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
      onChanged();
    } finally {
      setBusy(null);
    }
  };

  const rows: DetailRow[] = d
    ? [
        ['Reason', DISPUTE_REASON_LABELS[d.reason]],
        ['Reported', orderDate(d.openedAt)],
        [
          'Description',
          <span key="d" className="dispute-description">
            {d.description}
          </span>,
        ],
        ...(d.photoUrls.length > 0
          ? [['Photos', <Photos key="p" urls={d.photoUrls} label="the issue" />] as DetailRow]
          : []),
        ...d.responses.map((r, i): DetailRow => [
          `${o.seller.username}’s answer${d.responses.length > 1 ? ` ${i + 1}` : ''} (${orderDate(r.at)})`,
          <span key={`r${i}`} className="dispute-description">
            {r.message}
            {r.photoUrls.length > 0 && <Photos urls={r.photoUrls} label={`answer ${i + 1}`} />}
          </span>,
        ]),
        ['Status', statusText(o, d)],
        ...(d.resolution?.note ? [['Administrator’s reason', d.resolution.note] as DetailRow] : []),
      ]
    : [];
  return (
    <section className="panel" aria-labelledby="issue-heading">
      <h2 id="issue-heading" className="section-heading">
        Issue
      </h2>
      {d && (
        <div className="dispute-facts">
          <DetailList rows={rows} />
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="dispute-actions">
        {canReport(o) && (
          <button ref={reportButton} type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
            Report Issue
          </button>
        )}
        {d?.status === 'open' && o.role === 'buyer' && (
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy !== null}
            onClick={() => void act('withdraw')}
          >
            {busy === 'withdraw' ? 'Withdrawing...' : 'Withdraw Issue'}
          </button>
        )}
        {d?.status === 'open' && o.role === 'seller' && (
          <Dialog
            open={confirming}
            onOpenChange={(next) => busy === null && setConfirming(next)}
            title={`Refund ${o.buyer.username}?`}
            description={`The payment goes back to ${o.buyer.username} on ${orderDate(o.escrow.cancelAfter)}, when the ledger allows it. This cannot be undone.`}
            trigger={
              <button type="button" className="btn btn-primary" disabled={busy !== null}>
                {busy === 'refund' ? 'Refunding...' : 'Refund Buyer'}
              </button>
            }
          >
            <DialogActions busy={busy !== null}>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy !== null}
                onClick={() => void act('refund').then(() => setConfirming(false))}
              >
                {busy === 'refund' ? 'Refunding...' : 'Refund Buyer'}
              </button>
            </DialogActions>
          </Dialog>
        )}
      </div>
      {d?.status === 'open' && o.role === 'seller' && (
        <DisputeAnswerForm order={o} token={token} onAnswered={onChanged} />
      )}
      {canReport(o) && (
        <ReportIssueDialog
          order={o}
          token={token}
          open={open}
          onOpenChange={setOpen}
          onReported={() => {
            setOpen(false);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
