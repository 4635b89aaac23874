import { trustLineDeps } from '../../wiring/orders';
import { requestRlusdTrustLine } from '../../core/wallet/trust-line';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestRlusdTrustLine,
  async (req) => ok(await requestRlusdTrustLine(principalOf(req).userId, await trustLineDeps(req.log))),
  { idempotency: idempotentRequests('requestRlusdTrustLine') },
);
