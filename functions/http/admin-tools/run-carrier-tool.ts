import { runCarrierTool } from '../../core/admin-tools/run-carrier-tool';
import { carrierToolDeps } from '../../wiring/admin-tools';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

/** One admin carrier test (decision 066). */
export const handler = httpHandler(
  routes.runCarrierTool,
  async (req) => ok(await runCarrierTool(principalOf(req).userId, req.body, carrierToolDeps(req.log))),
  { idempotency: idempotentRequests('runCarrierTool') },
);
