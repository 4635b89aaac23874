import type { SweptListing } from '../../core/account-state/account-rules';
import type { StoreListings } from '../../core/account-state/ports';
import { searchTermsFor } from '../../core/listings/search-terms';
import { browseExitWrites, statusKeyComposites, type ClosingListing } from './listing-close';
import { facetEntries } from './listing-facets';
import { DEFAULT_POSTINGS, transactAddingPostings, type PostingOptions } from './posting-chunks';
import type { Db } from './service';
import { cancelReasons, transactWithRetry, type TransactResult } from './transact';

/** A listing as the store's pass reads it: whole (card fields, posting slots, version, stock and bids). */
type Row = ClosingListing & { quantityReserved?: number };

const rowOf = (l: SweptListing) => l as unknown as Row;

function outcome(result: TransactResult, what: string): boolean {
  if (!result.canceled) return true;
  if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
  throw new Error(`${what} was cancelled: ${cancelReasons(result)}`);
}

/**
 * A store's listings paused and resumed (decision 059). Pausing takes a listing out of search postings and browse
 * facets with the same writes closing does (listing-close.ts); resuming puts them back as creating a listing does, so
 * a paused listing is found again exactly as before.
 */
export function storeListings(db: Db, postings: PostingOptions = DEFAULT_POSTINGS): StoreListings {
  return {
    async page(sellerId, cursor, limit) {
      // Whole items: the cursor of a trimmed page is made from the last item's keys.
      const page = await db.entities.listing.query.bySeller({ sellerId }).go({ cursor, limit });
      const items = page.data.map((l) => ({
        ...l,
        bidCount: l.bidCount ?? 0,
        quantityReserved: l.quantityReserved ?? 0,
      })) as unknown as SweptListing[];
      return { items, cursor: page.cursor };
    },

    async pause(listing, hide) {
      const l = rowOf(listing);
      const at = new Date().toISOString();
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ listing: item, searchPosting, listingFacet }) => [
            item
              .patch({ listingId: l.listingId })
              .set({ status: 'paused', updatedAt: at, ...(hide && { hidden: true, hiddenReason: hide.reason }) })
              // Its words' slots are chosen again when it comes back.
              .remove(['postingSlots'])
              .composite(statusKeyComposites(l))
              .where(
                (a, op) =>
                  `${op.eq(a.status, 'active')} AND ${op.eq(a.sellerId, l.sellerId)}` +
                  (l.version === undefined ? '' : ` AND ${op.eq(a.version, l.version)}`) +
                  ` AND (${op.notExists(a.quantityReserved)} OR ${op.eq(a.quantityReserved, 0)})` +
                  ` AND (${op.notExists(a.bidCount)} OR ${op.eq(a.bidCount, 0)})`,
              )
              .commit(),
            ...browseExitWrites({ searchPosting, listingFacet }, l),
          ])
          .go(),
      );
      return outcome(result, 'pausing the listing');
    },

    async resume(listing, unhide = false) {
      const l = rowOf(listing);
      const at = new Date().toISOString();
      const result = await transactAddingPostings(db, postings, l.listingId, searchTermsFor(l), (placed) =>
        db.transaction
          .write(({ listing: item, searchPosting, listingFacet }) => {
            const back = item.patch({ listingId: l.listingId }).set({
              status: 'active',
              updatedAt: at,
              // The featured index is kept by a condition on `featured`: named here, it is rebuilt too.
              ...(l.featured === true && { featured: true }),
              ...(placed.slots.length > 0 && { postingSlots: placed.slots }),
            });
            // Unhiding clears the administrator's hiding (decision 066); the store's pass never resumes a hidden one.
            return [
              (unhide ? back.remove(['hidden', 'hiddenReason']) : back)
                .composite(statusKeyComposites(l))
                .where(
                  (a, op) =>
                    `${op.eq(a.status, 'paused')} AND ${op.eq(a.sellerId, l.sellerId)} AND ` +
                    (unhide ? op.eq(a.hidden, true) : `(${op.notExists(a.hidden)} OR ${op.eq(a.hidden, false)})`),
                )
                .commit(),
              ...facetEntries(l).map((entry) => listingFacet.put(entry).commit()),
              ...placed.adds(searchPosting),
            ];
          })
          .go(),
      );
      return outcome(result, 'resuming the listing');
    },
  };
}
