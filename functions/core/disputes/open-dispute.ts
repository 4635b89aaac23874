import type { DisputeReason } from '../../../shared/domain/disputes';
import { AppError } from '../../lib/errors';
import { holdEnd, isEscrowOpen, type OrderDispute } from '../orders/order';
import { releaseDeadline } from '../orders/protection';
import type { PhotoStore } from '../listings/photos';
import { takeDisputePhotos } from './dispute-photos';
import { buyersOrder, disputeChanged } from './dispute-rules';
import type { DisputeDeps } from './ports';

/**
 * Report Issue (decision 053): the buyer of an order whose escrow is funded and not yet being released holds its
 * release until the dispute ends. It ends by the release deadline at the latest, as a refund: the ledger would give
 * the buyer the money back at CancelAfter anyway, and a release after it is no longer possible.
 */
export async function openDispute(
  userId: string,
  orderId: string,
  body: { reason: DisputeReason; description: string; photoKeys: string[] },
  deps: Pick<DisputeDeps, 'disputes' | 'disputeEvents' | 'protection' | 'clock'> & { photos: PhotoStore },
): Promise<void> {
  const order = await buyersOrder(deps.disputes, userId, orderId);
  if (!isEscrowOpen(order.status)) {
    throw new AppError(
      'invalid_state',
      'escrow_not_open',
      'Only a purchase whose payment is still held in escrow can be disputed.',
    );
  }
  if (holdEnd(order)) throw new AppError('invalid_state', 'dispute_open', 'An issue is already open for this order.');
  const now = deps.clock.now();
  const endsAt = releaseDeadline(order, deps.protection);
  if (Date.parse(endsAt) <= now.getTime()) {
    throw new AppError(
      'invalid_state',
      'dispute_too_late',
      'The escrow of this order ends too soon to be disputed: its payment is returned to you at CancelAfter.',
    );
  }
  const photoKeys = await takeDisputePhotos(userId, orderId, body.photoKeys, deps.photos);
  const dispute: OrderDispute = {
    reason: body.reason,
    description: body.description.trim(),
    photoKeys,
    status: 'open',
    openedAt: now.toISOString(),
    endsAt,
    resolution: null,
  };
  if (!(await deps.disputes.open(order, dispute, now.toISOString()))) {
    if (photoKeys.length) await deps.photos.remove(photoKeys).catch(() => undefined);
    throw disputeChanged();
  }
  await deps.disputeEvents.disputeChanged({ ...order, dispute }, now);
}
