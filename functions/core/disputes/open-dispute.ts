import type { DisputeReason } from '../../../shared/domain/disputes';
import { AppError } from '../../lib/errors';
import { holdEnd, isEscrowOpen, type OrderDispute, type OrderRecord } from '../orders/order';
import { releaseDeadline, type ProtectionSettings } from '../orders/protection';
import type { PhotoStore } from '../listings/photos';
import { takeDisputePhotos } from './dispute-photos';
import { buyersOrder, onFreshOrder } from './dispute-rules';
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
  const now = deps.clock.now();
  let photoKeys: string[] | null = null;
  let written: readonly [OrderRecord, OrderDispute];
  try {
    written = await onFreshOrder(
      () => buyersOrder(deps.disputes, userId, orderId),
      async (order) => {
        const endsAt = disputable(order, now, deps.protection);
        // Taken once, after the rules first allow the report: a retried write reuses them.
        photoKeys ??= await takeDisputePhotos(userId, orderId, body.photoKeys, deps.photos);
        const dispute: OrderDispute = {
          reason: body.reason,
          description: body.description.trim(),
          photoKeys,
          status: 'open',
          openedAt: now.toISOString(),
          endsAt,
          resolution: null,
        };
        return (await deps.disputes.open(order, dispute, now.toISOString())) ? ([order, dispute] as const) : null;
      },
    );
  } catch (error) {
    // Nothing refers to photos taken for a report that was not written.
    const taken: string[] = photoKeys ?? [];
    if (taken.length) await deps.photos.remove(taken).catch(() => undefined);
    throw error;
  }
  const [order, dispute] = written;
  await deps.disputeEvents.disputeChanged({ ...order, dispute }, now);
}

/** The release deadline the report would end by, or the refusal that says why this order can't be disputed now. */
function disputable(order: OrderRecord, now: Date, protection: ProtectionSettings): string {
  if (!isEscrowOpen(order.status)) {
    throw new AppError(
      'invalid_state',
      'escrow_not_open',
      'Only a purchase whose payment is still held in escrow can be disputed.',
    );
  }
  if (holdEnd(order)) throw new AppError('invalid_state', 'dispute_open', 'An issue is already open for this order.');
  if (order.releaseHold === 'return') {
    throw new AppError(
      'invalid_state',
      'return_open',
      'A return request holds this payment. Report an issue if the seller rejects it.',
    );
  }
  const endsAt = releaseDeadline(order, protection);
  if (Date.parse(endsAt) <= now.getTime()) {
    throw new AppError(
      'invalid_state',
      'dispute_too_late',
      'The escrow of this order ends too soon to be disputed: its payment is returned to you at CancelAfter.',
    );
  }
  return endsAt;
}
