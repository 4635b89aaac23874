import { requestEscrowSigning } from '../../core/orders/request-escrow-signing';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { requestEscrowSigningDeps } from '../../wiring/orders';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestEscrowSigning,
  async (req) =>
    created(await requestEscrowSigning(principalOf(req).userId, req.params.orderId, await requestEscrowSigningDeps())),
  { idempotency: idempotentRequests('requestEscrowSigning') },
);
