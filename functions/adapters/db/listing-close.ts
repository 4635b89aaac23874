import { facetGroups } from '../../core/listings/browse-facets';
import type { ListingSummary } from '../../core/listings/listing';
import { searchTermsFor } from '../../core/listings/search-terms';
import { NO_AUCTION_END, NO_SUBCATEGORY } from './entities/listing';
import { facetKey } from './listing-facets';
import { postingKeysOf } from './posting-chunks';
import type { Db } from './service';
import { cancelReasons, transactWithRetry } from './transact';

/** A listing as closing it needs it: its card fields, where its id sits in its postings, and the version read. */
export type ClosingListing = ListingSummary & { postingSlots?: string[]; version?: number };

/** What a status change rebuilds the status-keyed indexes from (ElectroDB needs them all): the listing's own values. */
export function statusKeyComposites(
  l: Pick<ClosingListing, 'createdAt' | 'category' | 'sortPriceCents' | 'endsAt' | 'subcategory'>,
) {
  return {
    createdAt: l.createdAt,
    category: l.category,
    sortPriceCents: l.sortPriceCents,
    auctionEnd: l.endsAt ?? NO_AUCTION_END,
    subcategoryKey: l.subcategory || NO_SUBCATEGORY,
  };
}

export type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];

/** The writes that take a listing out of search (its id from its words' postings) and browse facets. */
export function browseExitWrites(
  { searchPosting, listingFacet }: Pick<TransactionEntities, 'searchPosting' | 'listingFacet'>,
  l: ClosingListing,
) {
  const terms = searchTermsFor({ title: l.title, category: l.category, brand: l.brand });
  return [
    ...postingKeysOf(l.listingId, terms, l.postingSlots).map((key) =>
      searchPosting
        .update(key)
        .delete({ listingIds: [l.listingId] })
        .commit(),
    ),
    ...facetGroups(l).map((group) => listingFacet.delete(facetKey(l, group)).commit()),
  ];
}

/**
 * Moves an active listing to `status` (ended by its seller, sold when its last unit is sold). Search and facets hold
 * only active listings, so the id leaves its postings and facets in the same transaction; the version read pins the
 * words and slots (an edit meanwhile may have moved them). False when the listing was no longer as read.
 */
export async function closeListing(db: Db, l: ClosingListing, status: 'ended' | 'sold', now: Date): Promise<boolean> {
  const result = await transactWithRetry(() =>
    db.transaction
      .write(({ listing, searchPosting, listingFacet }) => [
        listing
          .patch({ listingId: l.listingId })
          .set({ status, updatedAt: now.toISOString() })
          // The status-keyed indexes are rebuilt from these; the values are the listing's own.
          .composite(statusKeyComposites(l))
          .where(
            (a, op) =>
              `${op.eq(a.status, 'active')} AND ${op.eq(a.sellerId, l.sellerId)}` +
              (l.version === undefined ? '' : ` AND ${op.eq(a.version, l.version)}`),
          )
          .commit(),
        ...browseExitWrites({ searchPosting, listingFacet }, l),
      ])
      .go(),
  );
  if (!result.canceled) return true;
  if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
  throw new Error(`closing the listing was cancelled: ${cancelReasons(result)}`);
}
