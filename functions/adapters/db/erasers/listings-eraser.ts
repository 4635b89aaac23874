import { DELETED_USER } from '../../../../shared/domain/account-state';
import type { Eraser } from '../../../core/account-state/ports';
import { LISTING_PHOTOS } from '../../../core/listings/photos';
import { browseExitWrites, statusKeyComposites, type ClosingListing } from '../listing-close';
import type { Db } from '../service';
import { cancelReasons, transactWithRetry } from '../transact';

const PAGE = 25;
/** What an erased listing's title becomes (carts and wishlists of others may still name it). */
export const ERASED_LISTING_TITLE = 'Deleted listing';
/** The wizard's fields an erased listing loses (the seller's own words and where the item was). */
const WIZARD_FIELDS = [
  'brand',
  'model',
  'upc',
  'specifications',
  'weightLbs',
  'dimensions',
  'location',
  'tags',
  'postingSlots',
] as const;

type Row = ClosingListing & { keptForOrders?: boolean; images?: { key: string; thumbKey?: string }[] };

/**
 * The user's listings after the orders step (decision 059). One its orders keep stays as its buyers saw it, ended (a
 * paused one) with 'Deleted user' as its seller; every other one is erased: its photos deleted from the media bucket,
 * then the item kept as a `deleted` tombstone without the seller's words or photos (others' carts, wishlists, bids
 * and conversations may still name it, and a deleted listing is one every reader already handles).
 */
export function listingsEraser(db: Db, removeMedia: (keys: string[]) => Promise<void>): Eraser {
  async function retire(l: Row, kept: boolean, at: string) {
    const result = await transactWithRetry(() =>
      db.transaction
        .write(({ listing, searchPosting, listingFacet }) => {
          const patch = listing.patch({ listingId: l.listingId });
          const changed = kept
            ? patch.set({ status: l.status === 'sold' ? 'sold' : 'ended', sellerUsername: DELETED_USER, updatedAt: at })
            : patch
                .set({
                  status: 'deleted',
                  title: ERASED_LISTING_TITLE,
                  description: '',
                  images: [],
                  sellerUsername: DELETED_USER,
                  updatedAt: at,
                })
                .remove([...WIZARD_FIELDS]);
          return [
            changed
              .composite(statusKeyComposites(l))
              .where((a, op) => op.eq(a.status, l.status))
              .commit(),
            // Off sale already (the first steps paused it); one still active leaves browse and search here.
            ...(l.status === 'active' ? browseExitWrites({ searchPosting, listingFacet }, l) : []),
          ];
        })
        .go(),
    );
    // Changed meanwhile (another run retired it first): the next run reads it as it is now.
    if (result.canceled && result.data[0]?.code !== 'ConditionalCheckFailed') {
      throw new Error(`erasing listing ${l.listingId} was cancelled: ${cancelReasons(result)}`);
    }
  }

  return {
    name: 'listings',
    async step(userId, cursor, at) {
      const page = await db.entities.listing.query.bySeller({ sellerId: userId }).go({ cursor, limit: PAGE });
      for (const l of page.data as unknown as Row[]) {
        if (l.status === 'deleted') continue;
        const kept = l.keptForOrders === true;
        if (kept && (l.status === 'sold' || l.status === 'ended') && l.sellerUsername === DELETED_USER) continue;
        if (!kept) {
          // Only photos this app stored are ours to delete (seeded ones live elsewhere).
          const keys = (l.images ?? []).flatMap((i) => [i.key, ...(i.thumbKey ? [i.thumbKey] : [])]);
          const ours = keys.filter((k) => k.startsWith(LISTING_PHOTOS));
          if (ours.length > 0) await removeMedia(ours);
        }
        await retire(l, kept, at.toISOString());
      }
      return page.cursor ? { done: false, cursor: page.cursor } : { done: true };
    },
  };
}
