import type { AddOutcome, ListingReader, SavedListing, WishlistStore } from '../../core/wishlist/wishlist';
import { CARD_ATTRIBUTES } from './listing-cards';
import type { Db } from './service';
import { failedAt, type TransactResult } from './transact';

/**
 * Wishlist items, their count and their reverse entries (who saved a listing), written together so the badge never
 * disagrees with the list and the auction-ending notices find every saver.
 */
export function wishlistStore(db: Db): WishlistStore {
  const { wishlistItem, wishlistCount } = db.entities;
  return {
    async add(userId, listingId, addedAt, max): Promise<AddOutcome> {
      // Order matters: the cancellation reasons come back in this order.
      const result = (await db.transaction
        .write(({ wishlistItem: item, wishlistCount: count, listingWatcher: watcher }) => [
          item.create({ userId, listingId, addedAt }).commit(),
          count
            .update({ userId })
            .add({ count: 1 })
            .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, max)}`)
            .commit(),
          watcher.put({ listingId, userId }).commit(),
        ])
        .go()) as TransactResult;
      if (!result.canceled) return 'added';
      if (failedAt(result, 0)) return 'already';
      if (failedAt(result, 1)) return 'full';
      throw new Error(`wishlist add cancelled: ${result.data.map((d) => d?.code ?? 'None').join(', ')}`);
    },
    async remove(userId, listingId) {
      const result = (await db.transaction
        .write(({ wishlistItem: item, wishlistCount: count, listingWatcher: watcher }) => [
          item
            .delete({ userId, listingId })
            .where((a, op) => op.exists(a.addedAt))
            .commit(),
          count
            .update({ userId })
            .subtract({ count: 1 })
            .where((a, op) => op.gt(a.count, 0))
            .commit(),
          watcher.delete({ listingId, userId }).commit(),
        ])
        .go()) as TransactResult;
      if (!result.canceled) return true;
      if (failedAt(result, 0)) return false;
      throw new Error(`wishlist remove cancelled: ${result.data.map((d) => d?.code ?? 'None').join(', ')}`);
    },
    async items(userId) {
      const { data } = await wishlistItem.query.byUser({ userId }).go({ pages: 'all' });
      return data.map(({ listingId, addedAt }) => ({ listingId, addedAt }));
    },
    async count(userId) {
      return (await wishlistCount.get({ userId }).go()).data?.count ?? 0;
    },
  };
}

/** Users whose wishlist holds the listing, from the reverse entries (one partition per listing). */
export async function watchersOf(db: Db, listingId: string): Promise<string[]> {
  const { data } = await db.entities.listingWatcher.query.byListing({ listingId }).go({ pages: 'all' });
  return data.map((w) => w.userId);
}

/**
 * Writes the reverse entry of every wishlist item (idempotent puts): wishlists saved before reverse entries existed.
 * A scan, so only for upgrading a data dir (infra/local), never on a request path.
 */
export async function backfillListingWatchers(db: Db): Promise<number> {
  let written = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { userId: string; listingId: string }[]; cursor: string | null } =
      await db.entities.wishlistItem.scan.go({ cursor, limit: 100 });
    cursor = page.cursor;
    if (page.data.length > 0) {
      const { unprocessed } = await db.entities.listingWatcher
        .put(page.data.map(({ userId, listingId }) => ({ userId, listingId })))
        .go();
      if (unprocessed.length > 0) throw new Error('listing watcher backfill left items unprocessed');
      written += page.data.length;
    }
  } while (cursor);
  return written;
}

/** What a saved listing needs: its card, and how its auction closed (whether its page still opens). */
const SAVED_ATTRIBUTES = [...CARD_ATTRIBUTES, 'auctionResult'] as const;

/** Batch reads of saved listings by id (100 per request, unprocessed keys retried). */
export function listingReader(db: Db): ListingReader {
  return {
    async summaries(ids) {
      const found: SavedListing[] = [];
      let pending = [...new Set(ids)].map((listingId) => ({ listingId }));
      for (let round = 0; pending.length > 0; round++) {
        if (round === 5) throw new Error('listing batch read left keys unprocessed');
        const batch = pending.slice(0, 100);
        const { data, unprocessed } = await db.entities.listing.get(batch).go({ attributes: [...SAVED_ATTRIBUTES] });
        found.push(...(data as SavedListing[]));
        pending = [...pending.slice(100), ...(unprocessed as { listingId: string }[])];
      }
      return found;
    },
  };
}
