import { trustLineDeps } from '../../wiring/orders';
import { requestRlusdTrustLine } from '../../core/wallet/trust-line';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { idempotentRequests } from '../../lib/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestRlusdTrustLine,
  async (req) => ok(await requestRlusdTrustLine(principalOf(req).userId, await trustLineDeps(req.log))),
  { idempotency: idempotentRequests('requestRlusdTrustLine') },
);
