import { secondChanceDeps } from '../../adapters/auction-deps';
import { orderLinks } from '../../wiring/orders';
import { offerSecondChance } from '../../core/auctions/second-chance';
import { toOrderView } from '../../core/orders/order-view';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { idempotentRequests } from '../../lib/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.offerSecondChance,
  async (req) => {
    const { userId } = principalOf(req);
    const lapsed = await offerSecondChance(userId, req.params.orderId, secondChanceDeps());
    return ok(toOrderView(lapsed, userId, orderLinks()));
  },
  { idempotency: idempotentRequests('offerSecondChance') },
);
