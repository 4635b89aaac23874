import { pickupQuery } from '../../../shared/api/orders';
import { shippingOptionsDeps } from '../../adapters/order-deps';
import { shippingOptions } from '../../core/orders/checkout-shipping';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getShippingOptions, async (req) =>
  ok({
    quote: await shippingOptions(
      principalOf(req).userId,
      shippingOptionsDeps(req.log),
      req.query.orderId,
      pickupQuery.decode(req.query.pickup),
    ),
  }),
);
