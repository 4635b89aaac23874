import type { Eraser } from '../../../core/account-state/ports';
import { cartStore } from '../cart-store';
import type { Db } from '../service';

const PAGE = 25;

/** The user's cart: its lines as removing them does, then its count. */
export function cartEraser(db: Db): Eraser {
  const cart = cartStore(db);
  return {
    name: 'cart',
    async step(userId) {
      const { data } = await db.entities.cartItem.query.byUser({ userId }).go({ limit: PAGE });
      if (data.length === 0) {
        await db.entities.cartCount.delete({ userId }).go();
        return { done: true };
      }
      await cart.remove(
        userId,
        data.map((l) => l.listingId),
      );
      return { done: false, cursor: null };
    },
  };
}
