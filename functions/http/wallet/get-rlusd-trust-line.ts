import { trustLineDeps } from '../../wiring/orders';
import { hasRlusdLine } from '../../core/wallet/trust-line';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getRlusdTrustLine, async (req) =>
  ok(await hasRlusdLine(principalOf(req).userId, await trustLineDeps(req.log))),
);
