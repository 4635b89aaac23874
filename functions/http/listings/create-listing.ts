import { ulid } from 'ulid';
import { accounts } from '../../wiring/auth';
import { listingWriter } from '../../adapters/db/listing-writer';
import { db } from '../../adapters/db/service';
import { photoStore } from '../../adapters/photo-store';
import { thumbnailRequests } from '../../adapters/thumbnail-requests';
import { createListing } from '../../core/listings/create-listing';
import { created, httpHandler, principalOf } from '../../lib/http-handler';
import { idempotentRequests } from '../../lib/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.createListing,
  async (req) => {
    const listing = await createListing(principalOf(req).userId, req.body, {
      accounts: accounts(),
      writer: listingWriter(db()),
      photos: photoStore,
      thumbnails: thumbnailRequests,
      newId: ulid,
      now: new Date(),
    });
    req.metrics.count('ListingsCreated');
    return created(listing);
  },
  { idempotency: idempotentRequests('createListing') },
);
