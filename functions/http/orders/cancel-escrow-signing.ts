import { cancelEscrowSigning } from '../../core/orders/cancel-escrow-signing';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { cancelEscrowSigningDeps } from '../../wiring/orders';
import { routes } from '../../routes';

export const handler = httpHandler(routes.cancelEscrowSigning, async (req) =>
  ok(await cancelEscrowSigning(principalOf(req).userId, req.params.orderId, cancelEscrowSigningDeps(req.log))),
);
