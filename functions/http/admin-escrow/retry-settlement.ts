import { retrySettlement } from '../../core/admin-escrow/retry-settlement';
import { retrySettlementDeps } from '../../wiring/admin-escrow';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.retrySettlement,
  async (req) =>
    ok(await retrySettlement(req.params.orderId, principalOf(req).userId, await retrySettlementDeps(req.log))),
  { idempotency: idempotentRequests('retrySettlement') },
);
