import { useState } from 'react';
import { toast } from 'sonner';
import { ORDER_WITHDRAWN, type Order } from '../../../../shared/api/orders';
import { cancelEscrowSigning } from './api';
import { ApiError } from '../../lib/api';
import { cancelReasonText } from './order-display';
import { useSession } from '../../lib/session/session-context';

/**
 * Withdraws a purchase no wallet request was made for yet (DELETE .../escrow-signing): asks first, then the order is
 * cancelled and its items released, and the toast says so in the server's terms ('withdrawn').
 */
export function WithdrawOrderButton({ order, onDone }: { order: Order; onDone(): void }) {
  const { token } = useSession();
  const [ui, setUi] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const title = order.lines.length === 1 ? order.lines[0]!.title : `${order.lines.length} items`;

  const withdraw = async () => {
    setUi('busy');
    try {
      const answered = await cancelEscrowSigning(token, order.id);
      toast.success('Order Withdrawn', { description: cancelReasonText(answered.cancelReason) ?? ORDER_WITHDRAWN });
      onDone();
    } catch (e) {
      toast.error('Withdraw Failed', {
        description: e instanceof ApiError ? e.message : 'Failed to withdraw the order. Please try again.',
      });
      setUi('idle');
    }
  };

  if (ui === 'idle') {
    return (
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-label={`Withdraw Order: ${title}`}
        onClick={() => setUi('confirm')}
      >
        Withdraw Order
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={`withdraw-${order.id}`}>
      <p id={`withdraw-${order.id}`} className="commerce-note">
        Withdraw this order? Its items are released and no escrow is made.
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline btn-sm" disabled={ui === 'busy'} onClick={() => setUi('idle')}>
          Keep Order
        </button>
        <button
          type="button"
          className="btn btn-danger btn-sm"
          disabled={ui === 'busy'}
          onClick={() => void withdraw()}
        >
          {ui === 'busy' ? 'Withdrawing...' : 'Withdraw Order'}
        </button>
      </div>
    </div>
  );
}
