import { requestPlatformFee } from '../../core/orders/request-platform-fee';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { requestPlatformFeeDeps } from '../../wiring/orders';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestPlatformFee,
  async (req) =>
    ok(await requestPlatformFee(principalOf(req).userId, req.params.orderId, await requestPlatformFeeDeps(req.log))),
  { idempotency: idempotentRequests('requestPlatformFee') },
);
