import { ulid } from 'ulid';
import { LISTING_PHOTO_MAX_BYTES } from '../../../shared/api/listing-photos';
import { accounts } from '../../wiring/auth';
import { fetchImage } from '../../adapters/image-fetch';
import { writeObject } from '../../adapters/media-store';
import { mediaUrl } from '../../adapters/media-url';
import { importPhoto } from '../../core/listings/import-photo';
import { created, httpHandler, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

/** The configured product lookup service is trusted to serve its images from wherever it runs (locally: loopback). */
const trustedHosts = () => {
  const lookup = process.env.PRODUCT_LOOKUP_URL;
  return lookup ? [new URL(lookup).host] : [];
};

export const handler = httpHandler(routes.importListingPhoto, async (req) => {
  const { key } = await importPhoto(principalOf(req).userId, req.body.url, {
    accounts: accounts(),
    fetchImage: (url) => fetchImage(url, { maxBytes: LISTING_PHOTO_MAX_BYTES, trustedHosts: trustedHosts() }),
    writePhoto: writeObject,
    newId: ulid,
  });
  return created({ key, url: mediaUrl(key) });
});
