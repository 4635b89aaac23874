import { NOTIFICATION_MESSAGE_MAX } from '../../../shared/domain/notification';
import type { DomainEventOf } from '../../../shared/events';
import type { EventPublisher } from '../realtime/ports';

export type ListingPublished = DomainEventOf<'listing.published'>['data'];

/** What a new listing's followers are told about. */
export type PublishedListing = Pick<ListingPublished, 'listingId' | 'sellerId' | 'sellerUsername' | 'title'>;

export const NEW_LISTING_TITLE = 'New Listing';

/** One notification per follower and listing, however often a chunk runs (notify's dedupe key). */
export const newListingKey = (listingId: string) => `new_listing:${listingId}`;

/** Chunk `chunk` of a listing's announcement, from `cursor` in its seller's followers; its id names the chunk. */
export function listingPublished(
  listing: PublishedListing,
  occurredAt: string,
  chunk = 0,
  cursor: string | null = null,
): DomainEventOf<'listing.published'> {
  return {
    id: `listing.published:${listing.listingId}:${chunk}`,
    occurredAt,
    type: 'listing.published',
    data: {
      listingId: listing.listingId,
      sellerId: listing.sellerId,
      sellerUsername: listing.sellerUsername,
      title: listing.title,
      chunk,
      cursor,
    },
  };
}

/** A follower's 'new_listing' notification: it opens the listing. */
export function newListingNotice(
  listing: PublishedListing,
  userId: string,
  occurredAt: string,
): DomainEventOf<'notify.requested'> {
  const dedupeKey = newListingKey(listing.listingId);
  return {
    id: `notify.requested:${dedupeKey}:${userId}`,
    occurredAt,
    type: 'notify.requested',
    data: {
      userId,
      type: 'new_listing',
      title: NEW_LISTING_TITLE,
      message: `${listing.sellerUsername} listed "${listing.title}".`.slice(0, NOTIFICATION_MESSAGE_MAX),
      relatedId: listing.listingId,
      dedupeKey,
    },
  };
}

/** How a use case that puts a listing on sale tells its seller's followers (createListing, relistAuction). */
export interface ListingAnnouncer {
  announce(listing: PublishedListing, at: Date): Promise<void>;
}

/**
 * Publishes the listing's one announcement event; the events consumer does the rest. A failure is only logged: the
 * listing is stored (and an idempotent create must answer as such), only its followers' bell misses it.
 */
export function listingAnnouncer(
  events: EventPublisher,
  warn: (message: string, error: unknown) => void,
): ListingAnnouncer {
  return {
    async announce(listing, at) {
      try {
        await events.publish([listingPublished(listing, at.toISOString())]);
      } catch (error) {
        warn('listing stored but its followers not told', error);
      }
    },
  };
}
