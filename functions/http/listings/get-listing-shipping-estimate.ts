import { getListingShippingEstimate } from '../../core/listings/get-listing-shipping-estimate';
import { getListingShippingEstimateDeps } from '../../wiring/listings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getListingShippingEstimate, async (req) =>
  ok(
    await getListingShippingEstimate(
      req.params.listingId,
      principalOf(req).userId,
      getListingShippingEstimateDeps(req.log),
    ),
  ),
);
