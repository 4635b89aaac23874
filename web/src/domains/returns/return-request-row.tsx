import { Link } from 'react-router-dom';
import type { ReturnRequest } from '../../../../shared/api/returns';
import { RETURN_REASON_LABELS } from '../../../../shared/domain/returns';
import { formatUsd } from '../../../../shared/domain/money';
import { orderDate } from '../orders/order-display';
import { ReturnStatusBadge } from './return-status-badge';
import { refundOwed } from './use-return-refund';

/** Ids of a row's controls, so focus can go back to the row after a dialog closes. */
export const rowIds = (prefix: string, orderId: string) => ({
  title: `${prefix}-title-${orderId}`,
  view: `${prefix}-view-${orderId}`,
  reject: `${prefix}-reject-${orderId}`,
});

/** Which of the row's actions runs. */
export type RowBusy = 'approve' | 'reject' | 'refund' | null;

/**
 * One return request to the seller: the item, the buyer, reason and description, the status; View Item and Contact
 * Buyer; Approve and Reject while pending; Refund buyer once it is delivered back and the seller owes the refund.
 */
export function ReturnRequestRow({
  item,
  idPrefix,
  busy,
  locked,
  onApprove,
  onReject,
  onRefund,
}: {
  item: ReturnRequest;
  idPrefix: string;
  busy: RowBusy;
  /** Another action runs (this row's or another's). */
  locked: boolean;
  onApprove(): void;
  onReject(): void;
  onRefund(): void;
}) {
  const ids = rowIds(idPrefix, item.orderId);
  const pending = item.status === 'pending';
  const owed = refundOwed(item.stage);
  // Each button's visible name is the spec's; the row's title describes it for assistive technology.
  const about = { 'aria-describedby': ids.title, 'aria-disabled': locked || undefined };
  return (
    <li>
      <article className="item-row return-row" aria-labelledby={ids.title}>
        {item.listingImageUrl ? (
          <img className="item-row-image" src={item.listingImageUrl} alt="" width={80} height={60} loading="lazy" />
        ) : (
          <div className="item-row-image item-row-noimage">No Image</div>
        )}
        <div className="item-row-body return-row-body">
          <div className="return-row-head">
            <h3 id={ids.title} className="item-row-title">
              {item.listingTitle}
            </h3>
            <ReturnStatusBadge status={item.status} />
          </div>
          <p className="return-row-meta">
            <span>Buyer: {item.buyerUsername}</span>
            <span>Reason: {RETURN_REASON_LABELS[item.reason]}</span>
            <time dateTime={item.requestedAt}>Requested {orderDate(item.requestedAt)}</time>
          </p>
          <p className="return-row-description">{item.description}</p>
          {owed && (
            <p className="return-row-note">
              Delivered back: refund {formatUsd(item.refundCents)} RLUSD to {item.buyerUsername}.
            </p>
          )}
        </div>
        <div className="item-row-actions return-row-actions">
          <Link
            id={ids.view}
            to={`/item/${encodeURIComponent(item.listingId)}`}
            className="btn btn-outline btn-sm"
            aria-describedby={ids.title}
          >
            View Item
          </Link>
          <Link
            to={`/messages?conversation=${encodeURIComponent(item.buyerId)}`}
            className="btn btn-outline btn-sm"
            aria-describedby={ids.title}
          >
            Contact Buyer
          </Link>
          {pending && (
            <>
              <button type="button" className="btn btn-primary btn-sm" {...about} onClick={onApprove}>
                {busy === 'approve' ? 'Approving...' : 'Approve'}
              </button>
              <button
                id={ids.reject}
                type="button"
                className="btn btn-danger-outline btn-sm"
                {...about}
                onClick={onReject}
              >
                {busy === 'reject' ? 'Rejecting...' : 'Reject'}
              </button>
            </>
          )}
          {owed && (
            <button type="button" className="btn btn-primary btn-sm" {...about} onClick={onRefund}>
              {busy === 'refund' ? 'Refunding...' : 'Refund buyer'}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}
