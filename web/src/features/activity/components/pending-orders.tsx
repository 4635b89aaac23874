import type { Order } from '../../../../../shared/api/orders';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import type { useAwaitingPayment } from '../../../domains/auctions/api';
import { OrderCards } from '../../../domains/orders/order-list';

type PendingState = ReturnType<typeof useAwaitingPayment>;

/** 'n' once the pending orders are read. */
export function pendingCount(pending: PendingState): string | null {
  return pending.data ? String(pending.data.items.length) : null;
}

/**
 * My Activity's Pending tab (decision 060): the buyer's orders still to pay or sign, read from the server already
 * filtered (GET /api/me/orders/awaiting-payment?scope=all), newest first, with the purchases' cards and actions: a won
 * auction's Pay Now, Approve Escrow to resume a signature (the same wallet request while it is open), Withdraw Order for
 * a checkout's order no request was made for yet.
 */
export function PendingOrders({
  pending,
  onApprove,
  approving,
  onChanged,
}: {
  pending: PendingState;
  onApprove(order: Order): void;
  approving: boolean;
  onChanged(): void;
}) {
  const { data, error, mutate } = pending;
  if (error && !data) return <LoadFailed title="Failed to load activity data" onRetry={() => void mutate()} />;
  if (!data) return <PageLoading text="Loading pending orders..." />;
  if (data.items.length === 0) {
    return (
      <div className="status">
        <p className="status-title">Nothing pending</p>
        <p>Won auctions to pay and orders waiting for your escrow signature show here.</p>
      </div>
    );
  }
  return (
    <OrderCards
      label="Pending orders"
      orders={data.items}
      onApprove={onApprove}
      approving={approving}
      onChanged={onChanged}
    />
  );
}
