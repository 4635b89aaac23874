import '../../../styles/returns.css';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import type { ReturnView } from '../../../../../shared/api/returns';
import { RETURN_REASON_LABELS } from '../../../../../shared/domain/returns';
import { DetailList, type DetailRow } from '../../../components/ui/detail-list';
import { orderDate } from '../../../domains/orders/order-display';
import { TrackingForm } from '../../../domains/orders/tracking-form';
import { escalateReturn, shipReturn } from '../../../domains/returns/api';
import { ReturnStatusBadge } from '../../../domains/returns/return-status-badge';
import { ApiError } from '../../../lib/api';
import { trackingRefusal } from '../../../lib/orders/seller-actions';
import { returnCaseText, returnStageText } from '../lib/return-texts';
import { RequestReturnDialog } from './request-return-dialog';

const failed = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');

function facts(o: Order, r: ReturnView): DetailRow[] {
  const rows: DetailRow[] = [
    ['Status', <ReturnStatusBadge key="s" status={r.status} />],
    ['Reason', RETURN_REASON_LABELS[r.reason]],
    ['Requested', orderDate(r.requestedAt)],
    [
      'Description',
      <span key="d" className="return-text">
        {r.description}
      </span>,
    ],
  ];
  if (r.sellerNote) {
    const who = o.role === 'seller' ? 'Your note' : `${o.seller.username}’s note`;
    rows.push([
      who,
      <span key="n" className="return-text">
        {r.sellerNote}
      </span>,
    ]);
  }
  if (r.resolution?.note) {
    rows.push([
      'Marketplace team’s note',
      <span key="r" className="return-text">
        {r.resolution.note}
      </span>,
    ]);
  }
  if (r.refundTxHash)
    rows.push([
      'Refund transaction',
      <code key="t" className="tx-hash">
        {r.refundTxHash}
      </code>,
    ]);
  return rows;
}

/**
 * Request Return on a purchase and the return itself (decision 054). Before asking, the buyer reads which case applies
 * (the payment held in escrow, or refunded by the seller after release) and until when; then the return's facts and
 * where it stands, with the buyer's next step: the tracking number of the parcel going back, or asking the marketplace
 * to decide a rejection after release. The seller reads the same and answers from My Activity's Sales tab.
 */
export function ReturnPanel({
  order: o,
  token,
  onOrder,
  onChanged,
}: {
  order: Order;
  token: string;
  /** The order as a return action answered it. */
  onOrder(order: Order): void;
  /** Read the order again (an action was refused: it may have moved on). */
  onChanged(): void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<'ship' | 'escalate' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const stage = useRef<HTMLParagraphElement>(null);
  const r = o.returnRequest ?? null;
  const w = o.role === 'buyer' ? (o.returnWindow ?? null) : null;
  if (!r && !w) return null;
  const title = o.lines.map((l) => l.title).join(', ');
  const buyer = o.role === 'buyer';
  const canEscalate = buyer && r?.stage === 'rejected' && r.canEscalate;
  const sellerToAnswer = !buyer && !!r && ['pending', 'refund_due', 'refund_owed'].includes(r.stage);

  const act = async (kind: 'ship' | 'escalate', send: () => Promise<Order>, done: string) => {
    setBusy(kind);
    setError(null);
    setTrackingError(null);
    try {
      onOrder(await send());
      toast.success(done);
      stage.current?.focus();
    } catch (e) {
      const atField = kind === 'ship' ? trackingRefusal(e) : null;
      if (atField !== null) setTrackingError(atField);
      else setError(failed(e));
      onChanged();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel return-panel" aria-labelledby="return-heading">
      <h2 id="return-heading" className="section-heading">
        Return
      </h2>
      {r ? (
        <>
          <DetailList rows={facts(o, r)} />
          <p ref={stage} className="return-stage" tabIndex={-1}>
            {returnStageText(o, r)}
          </p>
        </>
      ) : (
        w && (
          <>
            <p className="return-case">{returnCaseText(o, w)}</p>
            <p className="purchase-note">Returns accepted until {orderDate(w.endsAt)}.</p>
          </>
        )
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {buyer && r?.stage === 'approved' && (
        <TrackingForm
          label={`Send back ${title}`}
          busyText={busy === 'ship' ? 'Sending...' : null}
          serverError={trackingError}
          onEdit={() => setTrackingError(null)}
          onSubmit={(trackingNumber) =>
            void act('ship', () => shipReturn(token, o.id, trackingNumber), 'Tracking Number Added')
          }
        />
      )}
      {(!r || canEscalate || sellerToAnswer) && (
        <div className="return-actions">
          {!r && w && (
            <RequestReturnDialog
              order={o}
              token={token}
              caseText={returnCaseText(o, w)}
              open={open}
              onOpenChange={setOpen}
              returnFocus={() => stage.current}
              onRequested={(next) => {
                onOrder(next);
                setOpen(false);
              }}
              trigger={
                <button type="button" className="btn btn-outline">
                  Request Return
                </button>
              }
            />
          )}
          {canEscalate && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy !== null}
              onClick={() => void act('escalate', () => escalateReturn(token, o.id), 'Sent to the Marketplace Team')}
            >
              {busy === 'escalate' ? 'Sending...' : 'Ask the marketplace to decide'}
            </button>
          )}
          {sellerToAnswer && (
            <Link to="/activity?tab=sales" className="btn btn-outline">
              Answer in My Activity
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
