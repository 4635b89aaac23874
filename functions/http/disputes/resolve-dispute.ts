import { resolveDispute } from '../../core/disputes/resolve-dispute';
import { disputeView } from '../../core/disputes/dispute-photos';
import { resolveDisputeDeps } from '../../wiring/disputes';
import { orderViewContext } from '../../wiring/orders';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.resolveDispute,
  async (req) => {
    const order = await resolveDispute(
      principalOf(req).userId,
      req.params.orderId,
      req.body,
      await resolveDisputeDeps(req.log),
    );
    if (req.body.outcome === 'release' && order.status === 'completed') req.metrics.count('EscrowsReleased');
    return ok({
      orderId: order.orderId,
      status: order.status,
      dispute: disputeView(order.dispute!, orderViewContext().mediaUrl),
    });
  },
  { idempotency: idempotentRequests('resolveDispute') },
);
