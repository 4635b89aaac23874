import { getRlusdTrustLine } from '../../core/wallet/get-rlusd-trust-line';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { getRlusdTrustLineDeps } from '../../wiring/wallet';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getRlusdTrustLine, async (req) =>
  ok(await getRlusdTrustLine(principalOf(req).userId, await getRlusdTrustLineDeps(req.log))),
);
