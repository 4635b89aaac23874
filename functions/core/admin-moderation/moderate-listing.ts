import type { ListingModeration, ModeratedListing } from '../../../shared/api/admin-moderation';
import { NOTIFICATION_MESSAGE_MAX } from '../../../shared/domain/notification';
import type { DomainEventOf } from '../../../shared/events';
import { InvalidStateError, NotFoundError } from '../../lib/errors';
import { pauseWaitsFor } from '../account-state/account-rules';
import type { ModerationDeps, ModerationListing } from './ports';

export const LISTING_HIDDEN_TITLE = 'Listing hidden';

/** The seller's notification that an administrator hid their listing, with the administrator's reason. */
export function hiddenNotice(l: ModerationListing, reason: string, at: string): DomainEventOf<'notify.requested'> {
  return {
    id: `notify:listing-hidden:${l.listingId}:${at}`,
    type: 'notify.requested',
    occurredAt: at,
    data: {
      userId: l.sellerId,
      type: 'other',
      title: LISTING_HIDDEN_TITLE,
      message: `An administrator hid ${l.title}: ${reason}`.slice(0, NOTIFICATION_MESSAGE_MAX),
      relatedId: l.listingId,
      dedupeKey: `listing-hidden:${l.listingId}:${at}`,
    },
  };
}

const view = (l: ModerationListing, change: Partial<ModeratedListing>): ModeratedListing => ({
  listingId: l.listingId,
  title: l.title,
  sellerId: l.sellerId,
  status: l.status,
  featured: l.featured,
  hidden: l.hidden,
  ...change,
});

/**
 * Features, unfeatures, hides or unhides a listing (decision 066). Hiding pauses it exactly as a deactivated store's
 * listings are (out of browse, search and the store) and marks it hidden, so only unhiding brings it back; a listing
 * with units in a checkout or an auction with bids cannot be paused, so it cannot be hidden until those settle.
 */
export async function moderateListing(
  actorId: string,
  listingId: string,
  input: { action: ListingModeration; reason: string },
  deps: ModerationDeps,
): Promise<ModeratedListing> {
  const l = await deps.store.listing(listingId);
  if (!l) throw new NotFoundError('Listing not found');
  const at = deps.clock.now();
  const iso = at.toISOString();
  let after: ModeratedListing;
  switch (input.action) {
    case 'feature':
    case 'unfeature': {
      const featured = input.action === 'feature';
      if (l.featured !== featured) await deps.store.setFeatured(l, featured, iso);
      after = view(l, { featured });
      break;
    }
    case 'hide': {
      if (l.hidden) {
        after = view(l, {});
        break;
      }
      if (l.status !== 'active')
        throw new InvalidStateError('listing_not_active', 'Only an active listing can be hidden');
      if (pauseWaitsFor(l) || !(await deps.listings.pause(l, { reason: input.reason }))) {
        throw new InvalidStateError(
          'listing_busy',
          'This listing has bids or a checkout in progress; it can be hidden once they settle',
        );
      }
      await deps.events.publish([hiddenNotice(l, input.reason, iso)]);
      after = view(l, { status: 'paused', hidden: true });
      break;
    }
    case 'unhide': {
      if (l.hidden && !(await deps.listings.resume(l, true))) {
        throw new InvalidStateError('listing_changed', 'The listing changed meanwhile; try again');
      }
      after = view(l, { status: l.hidden ? 'active' : l.status, hidden: false });
      break;
    }
  }
  await deps.audit.record(
    {
      actorId,
      action: `listing.${input.action}`,
      subject: listingId,
      before: { featured: l.featured, hidden: l.hidden, status: l.status },
      after: { featured: after.featured, hidden: after.hidden, status: after.status, reason: input.reason },
    },
    at,
  );
  return after;
}
