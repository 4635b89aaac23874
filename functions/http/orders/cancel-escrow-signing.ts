import { orderStore } from '../../adapters/db/order-store';
import { db } from '../../adapters/db/service';
import { clock } from '../../adapters/clock';
import { orderEvents } from '../../adapters/order-events';
import { checkSigningNow, orderLinks } from '../../wiring/orders';
import { signer } from '../../adapters/signer/xaman-signer';
import { getOrder } from '../../core/orders/get-order';
import { cancelEscrowSignature } from '../../core/orders/escrow-signing';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.cancelEscrowSigning, async (req) => {
  const { userId } = principalOf(req);
  const orders = orderStore(db());
  await cancelEscrowSignature(userId, req.params.orderId, {
    orders,
    signer: signer(),
    checkNow: checkSigningNow(req.log),
    events: orderEvents,
    clock,
  });
  return ok(await getOrder(userId, req.params.orderId, { orders, links: orderLinks() }));
});
