import { requestRlusdTrustLine } from '../../core/wallet/request-rlusd-trust-line';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { requestRlusdTrustLineDeps } from '../../wiring/wallet';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestRlusdTrustLine,
  async (req) => ok(await requestRlusdTrustLine(principalOf(req).userId, await requestRlusdTrustLineDeps(req.log))),
  { idempotency: idempotentRequests('requestRlusdTrustLine') },
);
