import type { FollowDeps } from '../core/follows/ports';
import { listingAnnouncer, type ListingAnnouncer } from '../core/follows/new-listing-notices';
import { FOLLOWER_NOTICES_PER_RUN, type NotifyFollowersDeps } from '../core/follows/notify-followers';
import type { RemoveUserFollowsDeps } from '../core/follows/remove-user-follows';
import { clock } from '../adapters/clock';
import { followStore } from '../adapters/db/follow-store';
import { notificationStore } from '../adapters/db/notification-store';
import { db } from '../adapters/db/service';
import { eventQueue } from '../adapters/event-queue';
import { config } from '../lib/config';
import type { Logger } from '../lib/logger';

/** Store followers (decision 058): follows and their counts in the table, new-listing notices through the events queue. */
export function followStoreDeps(): FollowDeps {
  return { follows: followStore(db()), clock };
}

export const unfollowStoreDeps = followStoreDeps;

/** For Delete Data: every follow of a user, both ways, counts fixed. */
export function removeUserFollowsDeps(): RemoveUserFollowsDeps {
  return { follows: followStore(db()) };
}

/** The events consumer's chunk of a new listing's notices: sent onto the queue, never run in the same invocation. */
export function notifyFollowersDeps(): NotifyFollowersDeps {
  return {
    follows: followStore(db()),
    store: notificationStore(db()),
    events: eventQueue,
    chunkSize: Math.min(
      Number(config().FOLLOWER_NOTICES_PER_RUN ?? FOLLOWER_NOTICES_PER_RUN),
      FOLLOWER_NOTICES_PER_RUN,
    ),
  };
}

/** What createListing and relistAuction tell a new listing's followers through. */
export function newListingAnnouncer(log: Pick<Logger, 'warn'>): ListingAnnouncer {
  return listingAnnouncer(eventQueue, (message, error) => log.warn(message, { error }));
}
