import { escrowSigningDeps } from '../../wiring/orders';
import { requestEscrowSignature } from '../../core/orders/escrow-signing';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestEscrowSigning,
  async (req) =>
    created(await requestEscrowSignature(principalOf(req).userId, req.params.orderId, await escrowSigningDeps())),
  { idempotency: idempotentRequests('requestEscrowSigning') },
);
