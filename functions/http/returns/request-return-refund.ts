import { requestReturnRefund } from '../../core/returns/request-return-refund';
import { returnRefundDeps } from '../../wiring/returns';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestReturnRefund,
  async (req) =>
    ok(await requestReturnRefund(principalOf(req).userId, req.params.orderId, await returnRefundDeps(req.log))),
  { idempotency: idempotentRequests('requestReturnRefund') },
);
