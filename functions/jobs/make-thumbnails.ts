import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { listingImagesStore } from '../adapters/db/listing-images-store';
import { db } from '../adapters/db/service';
import { resizeToThumbnail } from '../adapters/image-resizer';
import { readObject, writeObject } from '../adapters/media-store';
import { makeThumbnails } from '../core/listings/thumbnails';
import { createLogger } from '../lib/logger';

const log = createLogger({ service: 'jobs', job: 'make-thumbnails' });
const messageSchema = z.object({ listingId: z.string().min(1), keys: z.array(z.string().min(1)).min(1).max(20) });

/** Consumer of the media queue: thumbnails for newly attached listing photos. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let parsed;
    try {
      parsed = messageSchema.safeParse(JSON.parse(record.body));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      log.warn('dropped malformed thumbnail request', { messageId: record.messageId });
      continue;
    }
    const { listingId, keys } = parsed.data;
    try {
      const made = await makeThumbnails(listingId, keys, {
        ...listingImagesStore(db()),
        readPhoto: readObject,
        resize: resizeToThumbnail,
        writeThumbnail: (key, webp) => writeObject(key, webp, 'image/webp'),
      });
      log.info('thumbnails made', { listingId, made });
    } catch (error) {
      log.error('thumbnails failed', { listingId, error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
