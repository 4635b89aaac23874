import { pickupQuery } from '../../../shared/api/orders';
import { getShippingOptions } from '../../core/orders/get-shipping-options';
import { getShippingOptionsDeps } from '../../wiring/orders';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getShippingOptions, async (req) =>
  ok({
    quote: await getShippingOptions(
      principalOf(req).userId,
      getShippingOptionsDeps(req.log),
      req.query.orderId,
      pickupQuery.decode(req.query.pickup),
    ),
  }),
);
