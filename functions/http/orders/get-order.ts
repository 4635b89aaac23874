import { orderLinks } from '../../adapters/order-deps';
import { checkSigningNow } from '../../wiring/signing';
import { orderPickupStore } from '../../adapters/db/order-pickup-store';
import { orderStore } from '../../adapters/db/order-store';
import { db } from '../../adapters/db/service';
import { getOrder } from '../../core/orders/activity';
import { SIGNING_SCHEDULE } from '../../core/signing/poll-signing';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getOrder, async (req) =>
  ok(
    await getOrder(principalOf(req).userId, req.params.orderId, {
      orders: orderStore(db()),
      links: orderLinks(),
      pickupCodes: orderPickupStore(db()),
      refreshSigning: async (uuid) => void (await checkSigningNow(req.log, SIGNING_SCHEDULE.readThroughAfterMs)(uuid)),
    }),
  ),
);
