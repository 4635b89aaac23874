import { DISPUTE_PHOTOS_MAX } from '../../../shared/domain/disputes';
import type { Dispute } from '../../../shared/api/disputes';
import { BadRequestError } from '../../lib/errors';
import { LISTING_PHOTO_MAX_PX, pendingPhotoPrefix, promotePendingImage, type PhotoStore } from '../listings/photos';
import type { MediaUrl } from '../listings/to-card';
import type { OrderDispute } from '../orders/order';

/**
 * Where a report's photos are served from (decision 053): uploaded like listing photos to the buyer's pending prefix,
 * then checked and re-encoded here (EXIF and every other metadata block dropped) under the order, at a random key.
 */
export const DISPUTE_PHOTOS = 'dispute-photos/';

/**
 * Takes the buyer's uploads for a report of `orderId`: each checked and re-encoded under DISPUTE_PHOTOS. Returns their
 * served keys; when one fails, those taken before it are deleted and the failure is the answer.
 */
export async function takeDisputePhotos(
  userId: string,
  orderId: string,
  keys: readonly string[],
  photos: PhotoStore,
): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (unique.length > DISPUTE_PHOTOS_MAX)
    throw new BadRequestError('Add at most 4 photos.', { photoKeys: 'Add at most 4 photos.' });
  const taken: string[] = [];
  try {
    for (const [i, key] of unique.entries()) {
      const to = `${DISPUTE_PHOTOS}${orderId}/${key.slice(pendingPhotoPrefix(userId).length)}`;
      await promotePendingImage(userId, key, to, photos, {
        name: `Photo ${i + 1}`,
        field: 'photoKeys',
        maxPx: LISTING_PHOTO_MAX_PX,
      });
      taken.push(to);
    }
  } catch (error) {
    if (taken.length) await photos.remove(taken).catch(() => undefined);
    throw error;
  }
  return taken;
}

/** A dispute as both parties see it. */
export function disputeView(d: OrderDispute, mediaUrl: MediaUrl): Dispute {
  const { photoKeys, responses = [], ...rest } = d;
  return {
    ...rest,
    photoUrls: photoKeys.map((k) => mediaUrl(k)),
    responses: responses.map((r) => ({ message: r.message, photoUrls: r.photoKeys.map((k) => mediaUrl(k)), at: r.at })),
  };
}
