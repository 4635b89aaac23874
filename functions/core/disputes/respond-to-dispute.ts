import { DISPUTE_RESPONSES_MAX } from '../../../shared/domain/disputes';
import { AppError } from '../../lib/errors';
import type { PhotoStore } from '../listings/photos';
import type { OrderDispute, OrderRecord } from '../orders/order';
import { sellersOpenOrder } from '../orders/platform-fee';
import { takeDisputePhotos } from './dispute-photos';
import { onFreshOrder, openDisputeOf } from './dispute-rules';
import type { DisputeDeps } from './ports';

/**
 * The seller answers an open dispute with a message and up to four photos (decision 053), instead of refunding: the
 * buyer and, later, an administrator read it with the report. At most DISPUTE_RESPONSES_MAX answers.
 */
export async function respondToDispute(
  sellerId: string,
  orderId: string,
  body: { message: string; photoKeys: string[] },
  deps: Pick<DisputeDeps, 'disputes' | 'disputeEvents' | 'clock'> & { photos: PhotoStore },
): Promise<void> {
  const now = deps.clock.now();
  let photoKeys: string[] | null = null;
  let written: OrderRecord;
  try {
    written = await onFreshOrder(
      () => sellersOpenOrder(deps.disputes, sellerId, orderId),
      async (order) => {
        const open = openDisputeOf(order);
        const answered = open.responses?.length ?? 0;
        if (answered >= DISPUTE_RESPONSES_MAX) {
          throw new AppError(
            'invalid_state',
            'dispute_answered',
            `An issue takes at most ${DISPUTE_RESPONSES_MAX} answers. Continue in your messages.`,
          );
        }
        photoKeys ??= await takeDisputePhotos(sellerId, orderId, body.photoKeys, deps.photos);
        const response = { message: body.message.trim(), photoKeys, at: now.toISOString() };
        const dispute: OrderDispute = { ...open, responses: [...(open.responses ?? []), response] };
        return (await deps.disputes.respond(order, dispute, answered, now.toISOString()))
          ? { ...order, dispute }
          : null;
      },
    );
  } catch (error) {
    // Nothing refers to photos taken for an answer that was not written.
    const taken: string[] = photoKeys ?? [];
    if (taken.length) await deps.photos.remove(taken).catch(() => undefined);
    throw error;
  }
  await deps.disputeEvents.disputeAnswered(written, now);
}
