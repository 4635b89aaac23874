import { thumbnailRequestMessage } from '../../shared/events';
import { listingImagesStore } from '../adapters/db/listing-images-store';
import { db } from '../adapters/db/service';
import { resizeToThumbnail } from '../adapters/image-resizer';
import { readObject, writeObject } from '../adapters/media-store';
import { makeThumbnails } from '../core/listings/thumbnails';
import { sqsConsumer } from '../wiring/jobs';

/** Consumer of the media queue: thumbnails for newly attached listing photos (one listing at a time: CPU-bound). */
export const handler = sqsConsumer(
  'jobs/make-thumbnails',
  thumbnailRequestMessage,
  async ({ listingId, keys }, { log }) => {
    const made = await makeThumbnails(listingId, keys, {
      ...listingImagesStore(db()),
      readPhoto: readObject,
      resize: resizeToThumbnail,
      writeThumbnail: (key, webp) => writeObject(key, webp, 'image/webp'),
    });
    log.info('thumbnails made', { listingId, made });
  },
);
