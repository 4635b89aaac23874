import { STORE_FEATURED_MAX } from '../../../shared/api/stores';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ListingSummary } from '../listings/listing';

/**
 * A store's featured items (decision 055): the seller's pins that are still active, in the order pinned; a pin whose
 * listing ended, sold or went is dropped as it is read. With no pin left, the newest four active listings.
 */
export function featuredOf(
  activeNewestFirst: readonly ListingSummary[],
  pinnedIds: readonly string[] | undefined,
): { items: ListingSummary[]; pinned: boolean } {
  const byId = new Map(activeNewestFirst.map((l) => [l.listingId, l]));
  const pinned = (pinnedIds ?? []).flatMap((id) => byId.get(id) ?? []).slice(0, STORE_FEATURED_MAX);
  if (pinned.length > 0) return { items: pinned, pinned: true };
  return { items: activeNewestFirst.slice(0, STORE_FEATURED_MAX), pinned: false };
}

/** Each listing to pin must exist, be the seller's own and be active; the first that is not says why. */
export function checkPins(sellerId: string, ids: readonly string[], found: readonly (ListingSummary | null)[]): void {
  ids.forEach((id, i) => {
    const l = found[i];
    if (!l || l.status === 'deleted') throw new NotFoundError('Listing not found');
    if (l.sellerId !== sellerId) throw new ForbiddenError('You can only feature your own listings');
    if (l.status !== 'active') {
      throw new BadRequestError('Only active listings can be featured', { listingIds: `${l.title} is not active` });
    }
  });
}
