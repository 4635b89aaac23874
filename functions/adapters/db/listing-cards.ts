import type { ListingSummary } from '../../core/listings/listing';
import type { Db } from './service';

/** What browse pages and search need of a listing; the rest (description, specifications, ...) stays in the table. */
export const CARD_ATTRIBUTES = [
  'listingId',
  'sellerId',
  'sellerUsername',
  'title',
  'category',
  'subcategory',
  'brand',
  'condition',
  'listingType',
  'priceCents',
  'startingBidCents',
  'buyItNowPriceCents',
  'reservePriceCents',
  'currentBidCents',
  'bidCount',
  'images',
  'status',
  'featured',
  'endsAt',
  'sortPriceCents',
  'createdAt',
] as const satisfies readonly (keyof ListingSummary)[];
// Fails to compile when ListingSummary gains a field the projection above does not read.
const _projectionCoversSummary: Record<Exclude<keyof ListingSummary, (typeof CARD_ATTRIBUTES)[number]>, never> = {};

/** Cards of the listings with these ids, in no particular order; a missing id is simply absent. */
export async function readCards(db: Db, ids: readonly string[]): Promise<ListingSummary[]> {
  if (ids.length === 0) return [];
  const result = await db.entities.listing
    .get(ids.map((listingId) => ({ listingId })))
    .go({ concurrency: 4, attributes: [...CARD_ATTRIBUTES] });
  if (result.unprocessed.length > 0) throw new Error(`Batch read left ${result.unprocessed.length} listings unread`);
  return result.data as ListingSummary[];
}
