import { getSend } from '../../core/sends/get-send';
import { getSendDeps } from '../../wiring/sends';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getSend, async (req) =>
  ok(await getSend(principalOf(req).userId, req.params.sendId, getSendDeps())),
);
