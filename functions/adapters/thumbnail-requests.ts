import type { ThumbnailRequests } from '../core/listings/listing-body';
import { createLogger } from '../lib/logger';
import { sendToQueue } from './queues';

const log = createLogger({ service: 'listings', part: 'thumbnails' });

/**
 * One message per listing on the media queue. A failed send is logged, not thrown: the listing is already written and
 * shows the full image until a thumbnail exists.
 */
export const thumbnailRequests: ThumbnailRequests = {
  async request(listingId, keys) {
    try {
      await sendToQueue('media', { listingId, keys });
    } catch (error) {
      log.error('thumbnail request failed', { listingId, keys, error });
    }
  },
};
