import { sendFunds } from '../../core/sends/send-funds';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { sendFundsDeps } from '../../wiring/sends';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.sendFunds,
  async (req) => created(await sendFunds(principalOf(req).userId, req.body, await sendFundsDeps())),
  { idempotency: idempotentRequests('sendFunds') },
);
