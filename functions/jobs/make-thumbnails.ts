import { thumbnailRequestMessage } from '../../shared/events';
import { makeThumbnails } from '../core/listings/make-thumbnails';
import { sqsConsumer } from '../wiring/jobs';
import { makeThumbnailsDeps } from '../wiring/thumbnails';

/** Consumer of the media queue: thumbnails for newly attached listing photos (one listing at a time: CPU-bound). */
export const handler = sqsConsumer(
  'jobs/make-thumbnails',
  thumbnailRequestMessage,
  async ({ listingId, keys }, { log }) => {
    const made = await makeThumbnails(listingId, keys, makeThumbnailsDeps());
    log.info('thumbnails made', { listingId, made });
  },
);
