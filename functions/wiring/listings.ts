import { ulid } from 'ulid';
import { accountStateStore } from '../adapters/db/account-state-store';
import { orderReturnStore } from '../adapters/db/order-return-store';
import { LISTING_PHOTO_MAX_BYTES } from '../../shared/api/listings';
import { accounts } from './auth';
import { carrier } from '../adapters/carrier/fedex-carrier';
import { clock } from '../adapters/clock';
import { listingBrowseStore } from '../adapters/db/listing-browse-store';
import { listingDetailReader } from '../adapters/db/listing-detail-reader';
import { listingEditStore } from '../adapters/db/listing-edit-store';
import { listingWriter } from '../adapters/db/listing-writer';
import { rateLimitStore } from '../adapters/db/rate-limit-store';
import { sellerListingStore } from '../adapters/db/seller-listing-store';
import { db } from '../adapters/db/service';
import { eventQueue } from '../adapters/event-queue';
import { fetchImage } from '../adapters/image-fetch';
import { presignUpload } from '../adapters/media-uploads';
import { profileStore } from '../adapters/db/profile-store';
import { writeObject } from '../adapters/media-store';
import { mediaUrl } from '../adapters/media-url';
import { photoStore } from '../adapters/photo-store';
import { thumbnailRequests } from '../adapters/thumbnail-requests';
import { enforceRateLimit } from '../core/auth/rate-limit';
import type { CreateListingDeps } from '../core/listings/create-listing';
import type { EndListingDeps } from '../core/listings/end-listing';
import type { ListingReaderPort } from '../core/listings/get-listing';
import type { GetListingShippingEstimateDeps } from '../core/listings/get-listing-shipping-estimate';
import type { ImportListingPhotoDeps } from '../core/listings/import-listing-photo';
import type { ListListingsDeps } from '../core/listings/list-listings';
import type { ListMyListingsDeps } from '../core/listings/list-my-listings';
import type { StartListingPhotoUploadDeps } from '../core/listings/start-listing-photo-upload';
import type { MediaUrl } from '../core/listings/to-card';
import type { UpdateListingDeps } from '../core/listings/update-listing';
import type { Logger } from '../lib/logger';
import { platformSettings } from './admin-settings';
import { newListingAnnouncer } from './follows';

/** Browse and search over the table's indexes; a search counts against the caller's address's limit. */
export function listListingsDeps(sourceIp: string): ListListingsDeps {
  return {
    store: listingBrowseStore(db()),
    mediaUrl,
    clock,
    // Real time, not the functions' clock: the limit counts requests per window as they arrive.
    limitSearch: () => enforceRateLimit(rateLimitStore(db()), 'searchListings', sourceIp, new Date()),
  };
}

export function getListingDeps(): { reader: ListingReaderPort; mediaUrl: MediaUrl } {
  return { reader: listingDetailReader(db()), mediaUrl };
}

/** The listing page's shipping estimate: the carrier's rate; a failed carrier gives the fallback and is logged. */
export function getListingShippingEstimateDeps(log: Pick<Logger, 'warn'>): GetListingShippingEstimateDeps {
  return {
    listings: listingDetailReader(db()),
    profiles: profileStore(db()),
    carrier: carrier(),
    onCarrierError: (error) =>
      log.warn('carrier rates failed; fallback shipping estimate given', { error: String(error) }),
  };
}

/** Uploads are checked and re-encoded onto the listing's keys; thumbnails are asked of the media queue. */
export function createListingDeps(log: Pick<Logger, 'warn'>): CreateListingDeps {
  return {
    accounts: accounts(),
    returns: orderReturnStore(db()),
    states: accountStateStore(db()),
    writer: listingWriter(db()),
    photos: photoStore,
    thumbnails: thumbnailRequests,
    followers: newListingAnnouncer(log),
    newId: ulid,
    clock,
    settings: platformSettings(),
  };
}

export function updateListingDeps(): UpdateListingDeps {
  return {
    accounts: accounts(),
    store: listingEditStore(db()),
    photos: photoStore,
    thumbnails: thumbnailRequests,
    clock,
    settings: platformSettings(),
  };
}

/** A presigned POST straight to the media bucket. */
export function startListingPhotoUploadDeps(): StartListingPhotoUploadDeps {
  return { accounts: accounts(), presignUpload, newId: ulid };
}

/** The configured product lookup service is trusted to serve its images from wherever it runs (locally: loopback). */
const trustedHosts = () => {
  const lookup = process.env.PRODUCT_LOOKUP_URL;
  return lookup ? [new URL(lookup).host] : [];
};

export function importListingPhotoDeps(): ImportListingPhotoDeps {
  return {
    accounts: accounts(),
    fetchImage: (url) => fetchImage(url, { maxBytes: LISTING_PHOTO_MAX_BYTES, trustedHosts: trustedHosts() }),
    writePhoto: writeObject,
    newId: ulid,
    mediaUrl,
    rateLimits: rateLimitStore(db()),
    clock,
  };
}

export function listMyListingsDeps(): ListMyListingsDeps {
  return { store: sellerListingStore(db()), mediaUrl };
}

/** An ended listing is announced on the events queue (its open offers are declined); a lost announcement is logged. */
export function endListingDeps(log: Pick<Logger, 'warn'>): EndListingDeps {
  return {
    store: sellerListingStore(db(), {
      events: eventQueue,
      warn: (message, error) => log.warn(message, { error }),
    }),
    clock,
  };
}
