import type { CreateListingBody } from '../../../shared/api/listings';
import { MIN_AUCTION_MINUTES } from '../../../shared/domain/auction-end';
import { BadRequestError } from '../../lib/errors';

/** What the wizard's body stores on a listing: every field but the photo keys, the end time as ISO UTC. */
export type ListingBodyFields = Omit<CreateListingBody, 'endsAt' | 'photoKeys'> & { endsAt?: string };

export function assertAuctionEndAhead(endsAt: string, at: Date): void {
  if (Date.parse(endsAt) < at.getTime() + MIN_AUCTION_MINUTES * 60_000) {
    throw new BadRequestError('The auction end date cannot be in the past', {
      endsAt: `Choose a time at least ${MIN_AUCTION_MINUTES} minutes from now`,
    });
  }
}

export function listingBodyFields(body: CreateListingBody): ListingBodyFields {
  const { endsAt, photoKeys: _photos, ...rest } = body;
  return { ...rest, ...(endsAt ? { endsAt: new Date(endsAt).toISOString() } : {}) };
}

/** Asks the worker for thumbnails of newly attached photos. */
export interface ThumbnailRequests {
  request(listingId: string, keys: string[]): Promise<void>;
}
