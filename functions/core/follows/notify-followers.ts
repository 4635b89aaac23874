import type { DomainEvent } from '../../../shared/events';
import type { NotificationStore } from '../notifications/ports';
import type { EventPublisher } from '../realtime/ports';
import { listingPublished, newListingKey, newListingNotice, type ListingPublished } from './new-listing-notices';
import type { FollowStore } from './ports';

/**
 * At most this many followers are told per run of the events consumer (fewer when FOLLOWER_NOTICES_PER_RUN says so):
 * a run's reads and sends fit well within the queue's 30 s visibility (decision 058).
 */
export const FOLLOWER_NOTICES_PER_RUN = 500;

export interface NotifyFollowersDeps {
  follows: Pick<FollowStore, 'followers'>;
  store: Pick<NotificationStore, 'notified'>;
  events: EventPublisher;
  /** Followers per run: the bound on one run's reads and notify.requested events. */
  chunkSize: number;
}

/**
 * One chunk of a new listing's announcement (decision 058): the next `chunkSize` followers of its seller from the
 * event's cursor each get a notify.requested, and when more may follow, the next chunk's event carries the cursor on.
 * Idempotent: followers already told are skipped (a cheap read), and notify's dedupe key per listing and follower
 * makes a redelivered chunk, or one run twice at once, tell nobody twice.
 */
export async function notifyFollowers(
  listing: ListingPublished,
  deps: NotifyFollowersDeps,
  occurredAt: string,
): Promise<{ followers: number; requested: number; more: boolean }> {
  const page = await deps.follows.followers(listing.sellerId, deps.chunkSize, listing.cursor);
  const key = newListingKey(listing.listingId);
  const followers = page.userIds.filter((u) => u !== listing.sellerId).slice(0, deps.chunkSize);
  const told = followers.length
    ? await deps.store.notified(followers.map((userId) => ({ userId, dedupeKey: key })))
    : new Set<string>();
  const events: DomainEvent[] = followers
    .filter((userId) => !told.has(`${userId} ${key}`))
    .map((userId) => newListingNotice(listing, userId, occurredAt));
  const requested = events.length;
  if (page.cursor) events.push(listingPublished(listing, occurredAt, listing.chunk + 1, page.cursor));
  // One send: if any of it fails, this run fails and runs again (the notices tell nobody twice; the next chunk's
  // event, if sent twice, is a chunk run twice).
  if (events.length) await deps.events.publish(events);
  return { followers: followers.length, requested, more: page.cursor !== null };
}
