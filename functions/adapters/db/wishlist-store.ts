import type { ListingSummary } from '../../core/listings/listing';
import type { AddOutcome, ListingReader, WishlistStore } from '../../core/wishlist/wishlist';
import { CARD_ATTRIBUTES } from './listing-cards';
import type { Db } from './service';

type Cancellation = { canceled: boolean; data: ({ code?: string } | null | undefined)[] };

const failedAt = (result: Cancellation, i: number) => result.data[i]?.code === 'ConditionalCheckFailed';

/** Wishlist items and their count, written together so the badge never disagrees with the list. */
export function wishlistStore(db: Db): WishlistStore {
  const { wishlistItem, wishlistCount } = db.entities;
  return {
    async add(userId, listingId, addedAt, max): Promise<AddOutcome> {
      // Order matters: the cancellation reasons come back in this order.
      const result = (await db.transaction
        .write(({ wishlistItem: item, wishlistCount: count }) => [
          item.create({ userId, listingId, addedAt }).commit(),
          count
            .update({ userId })
            .add({ count: 1 })
            .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, max)}`)
            .commit(),
        ])
        .go()) as Cancellation;
      if (!result.canceled) return 'added';
      if (failedAt(result, 0)) return 'already';
      if (failedAt(result, 1)) return 'full';
      throw new Error(`wishlist add cancelled: ${result.data.map((d) => d?.code ?? 'None').join(', ')}`);
    },
    async remove(userId, listingId) {
      const result = (await db.transaction
        .write(({ wishlistItem: item, wishlistCount: count }) => [
          item
            .delete({ userId, listingId })
            .where((a, op) => op.exists(a.addedAt))
            .commit(),
          count
            .update({ userId })
            .subtract({ count: 1 })
            .where((a, op) => op.gt(a.count, 0))
            .commit(),
        ])
        .go()) as Cancellation;
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

/** Batch reads of listing cards by id (100 per request, unprocessed keys retried). */
export function listingReader(db: Db): ListingReader {
  return {
    async summaries(ids) {
      const found: ListingSummary[] = [];
      let pending = [...new Set(ids)].map((listingId) => ({ listingId }));
      for (let round = 0; pending.length > 0; round++) {
        if (round === 5) throw new Error('listing batch read left keys unprocessed');
        const batch = pending.slice(0, 100);
        const { data, unprocessed } = await db.entities.listing.get(batch).go({ attributes: [...CARD_ATTRIBUTES] });
        found.push(...(data as ListingSummary[]));
        pending = [...pending.slice(100), ...(unprocessed as { listingId: string }[])];
      }
      return found;
    },
  };
}
