import { offerSecondChance } from '../../core/auctions/offer-second-chance';
import { offerSecondChanceDeps } from '../../wiring/auctions';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.offerSecondChance,
  async (req) => ok(await offerSecondChance(principalOf(req).userId, req.params.orderId, offerSecondChanceDeps())),
  { idempotency: idempotentRequests('offerSecondChance') },
);
