import { runEscrowTest } from '../../core/admin-tools/run-escrow-test';
import { escrowTestDeps } from '../../wiring/admin-tools';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

/** One escrow test: one cent of RLUSD locked and released by the platform's wallet (decision 070). */
export const handler = httpHandler(
  routes.runEscrowTest,
  async (req) => ok(await runEscrowTest(principalOf(req).userId, await escrowTestDeps(req.log))),
  { idempotency: idempotentRequests('runEscrowTest') },
);
