import { listingImagesStore } from '../adapters/db/listing-images-store';
import { db } from '../adapters/db/service';
import { resizeToThumbnail } from '../adapters/image-resizer';
import { readObject, writeObject } from '../adapters/media-store';
import type { ThumbnailDeps } from '../core/listings/make-thumbnails';

/**
 * Thumbnails of newly attached photos: read and written in the media bucket, recorded on the listing. Apart from
 * wiring/listings.ts because the resizer loads sharp when its module loads: the listing routes' bundles must not carry
 * it (only the media queue's consumer ships its binary, functions/routes.ts nativeModules).
 */
export function makeThumbnailsDeps(): ThumbnailDeps {
  return {
    ...listingImagesStore(db()),
    readPhoto: readObject,
    resize: resizeToThumbnail,
    writeThumbnail: (key, webp) => writeObject(key, webp, 'image/webp'),
  };
}
