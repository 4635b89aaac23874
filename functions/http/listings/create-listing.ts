import { createListing } from '../../core/listings/create-listing';
import { createListingDeps } from '../../wiring/listings';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.createListing,
  async (req) => {
    const listing = await createListing(principalOf(req).userId, req.body, createListingDeps(req.log));
    req.metrics.count('ListingsCreated');
    return created(listing);
  },
  { idempotency: idempotentRequests('createListing') },
);
