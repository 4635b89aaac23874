import { z } from 'zod';
import { listingImagesStore } from '../adapters/db/listing-images-store';
import { db } from '../adapters/db/service';
import { resizeToThumbnail } from '../adapters/image-resizer';
import { readObject, writeObject } from '../adapters/media-store';
import { makeThumbnails } from '../core/listings/thumbnails';
import { sqsConsumer } from '../lib/sqs-consumer';

const thumbnailRequestSchema = z.object({
  listingId: z.string().min(1),
  keys: z.array(z.string().min(1)).min(1).max(20),
});

/** Consumer of the media queue: thumbnails for newly attached listing photos (one listing at a time: CPU-bound). */
export const handler = sqsConsumer(
  'jobs/make-thumbnails',
  thumbnailRequestSchema,
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
