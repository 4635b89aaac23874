import '../../styles/item-rows.css';
import '../../styles/returns.css';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { ReturnRequest } from '../../../../shared/api/returns';
import { userTopic } from '../../../../shared/events';
import { LoadFailed } from '../../components/ui/load-failed';
import { MorePages } from '../../components/ui/more-pages';
import { PageLoading } from '../../components/ui/page-loading';
import { ApiError } from '../../lib/api';
import { useTopic } from '../../lib/realtime/use-topic';
import { decideReturn, useReturnRequests } from './api';
import { RejectReturnDialog } from './reject-return-dialog';
import { ReturnRefundDialog } from './return-refund-dialog';
import { ReturnRequestRow, rowIds, type RowBusy } from './return-request-row';
import { useReturnRefund } from './use-return-refund';

/**
 * The seller's return requests (spec part 3 seller portal "Returns", decision 054), newest first: My Activity's Sales
 * tab, and the portal's Returns tab. Approve and Reject answer a pending one (Reject asks for an optional note); Refund
 * buyer pays a return delivered back after release from the seller's wallet. The list reads again after each action and
 * when one of the seller's orders changes (a return approved for a silent seller, a parcel delivered back).
 */
export function ReturnRequests({ userId, token }: { userId: string; token: string }) {
  const pages = useReturnRequests(userId, token);
  const { data, error, mutate } = pages;
  const idPrefix = useId();
  const refresh = () => void mutate();
  useTopic(userTopic(userId), (event) => {
    if (event.type === 'order.updated') refresh();
  });
  const refund = useReturnRefund(token, userId, refresh);
  const [deciding, setDeciding] = useState<{ orderId: string; kind: 'approve' | 'reject' } | null>(null);
  const [rejecting, setRejecting] = useState<ReturnRequest | null>(null);

  const [returnTo, setReturnTo] = useState<string | null>(null);

  const decide = async (item: ReturnRequest, decision: 'approve' | 'reject', note = '') => {
    const ids = rowIds(idPrefix, item.orderId);
    setDeciding({ orderId: item.orderId, kind: decision });
    let answered = false;
    try {
      await decideReturn(token, item.orderId, { decision, note });
      answered = true;
      toast.success(decision === 'approve' ? 'Return Approved' : 'Return Rejected', {
        description:
          decision === 'approve'
            ? `${item.buyerUsername} is asked to send it back to your return address.`
            : `${item.buyerUsername} is told you declined the return.`,
      });
    } catch (e) {
      if (!(e instanceof ApiError)) console.warn('Answering the return failed', e);
      toast.error('Failed to answer the return', {
        description: e instanceof ApiError ? e.message : 'Please try again.',
      });
    }
    // Read again first, so focus goes back to a control that is still there: once answered, Approve and Reject are
    // gone and View Item takes it.
    await mutate().catch(() => undefined);
    setDeciding(null);
    setRejecting(null);
    setReturnTo(answered ? ids.view : ids.reject);
    const active = document.activeElement;
    if (decision === 'approve' && (!active || active === document.body)) document.getElementById(ids.view)?.focus();
  };

  const busyOf = (orderId: string): RowBusy =>
    deciding?.orderId === orderId ? deciding.kind : refund.busy === orderId ? 'refund' : null;
  const locked = deciding !== null || refund.busy !== null;
  const items = data?.flatMap((p) => p.items) ?? [];

  return (
    <section className="return-requests" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`} className="section-heading">
        Return Requests
      </h2>
      {!data && !error ? (
        <PageLoading text="Loading return requests..." />
      ) : error && !data ? (
        <LoadFailed title="Failed to load return requests" outline onRetry={refresh} />
      ) : items.length === 0 ? (
        <p className="return-requests-empty">No return requests found.</p>
      ) : (
        <ul className="item-rows return-rows" aria-label="Return requests">
          {items.map((item) => (
            <ReturnRequestRow
              key={item.orderId}
              item={item}
              idPrefix={idPrefix}
              busy={busyOf(item.orderId)}
              locked={locked}
              onApprove={() => !locked && void decide(item, 'approve')}
              onReject={() => {
                if (locked) return;
                setReturnTo(rowIds(idPrefix, item.orderId).reject);
                setRejecting(item);
              }}
              onRefund={() => !locked && void refund.start(item)}
            />
          ))}
        </ul>
      )}
      {data && <MorePages pages={pages} failedTitle="Failed to load more return requests" />}
      <RejectReturnDialog
        item={rejecting}
        busy={deciding?.kind === 'reject'}
        onReject={(note) => rejecting && void decide(rejecting, 'reject', note)}
        onClose={() => setRejecting(null)}
        returnFocus={() => (returnTo ? document.getElementById(returnTo) : null)}
      />
      {refund.step && <ReturnRefundDialog step={refund.step} />}
    </section>
  );
}
