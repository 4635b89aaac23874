import type { CartStore, PutOutcome } from '../../core/cart/ports';
import { conditionally } from './conditional';
import type { Db } from './service';
import { cancelReasons, failedAt, type TransactResult } from './transact';

/** Cart lines and their count, written together so the 50-line limit holds when two requests add at once. */
export function cartStore(db: Db): CartStore {
  const { cartItem } = db.entities;
  /** The line's new quantity if it is (still) there. */
  const setQuantity = (userId: string, listingId: string, quantity: number, at: string) =>
    conditionally(() => cartItem.patch({ userId, listingId }).set({ quantity, updatedAt: at }).go());
  return {
    async items(userId) {
      const { data } = await cartItem.query.byUser({ userId }).go({ pages: 'all' });
      return data
        .map(({ listingId, quantity, addedAt }) => ({ listingId, quantity, addedAt }))
        .sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.listingId.localeCompare(b.listingId));
    },
    async put(userId, listingId, quantity, at, max): Promise<PutOutcome> {
      // A line removed between the two steps (paid, or removed in another tab) is simply added again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const result = (await db.transaction
          .write(({ cartItem: item, cartCount: count }) => [
            item.create({ userId, listingId, quantity, addedAt: at, updatedAt: at }).commit(),
            count
              .update({ userId })
              .add({ count: 1 })
              .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, max)}`)
              .commit(),
          ])
          .go()) as TransactResult;
        if (!result.canceled) return 'ok';
        if (failedAt(result, 0)) {
          // Already in the cart: only the quantity changes (the count stays).
          if (await setQuantity(userId, listingId, quantity, at)) return 'ok';
          continue;
        }
        if (failedAt(result, 1)) return 'full';
        throw new Error(`cart put cancelled: ${cancelReasons(result)}`);
      }
      throw new Error('cart put lost three races in a row');
    },
    async remove(userId, listingIds) {
      for (const listingId of listingIds) {
        const result = (await db.transaction
          .write(({ cartItem: item, cartCount: count }) => [
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
          .go()) as TransactResult;
        if (result.canceled && !failedAt(result, 0)) throw new Error(`cart remove cancelled: ${cancelReasons(result)}`);
      }
    },
  };
}
