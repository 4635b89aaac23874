import type { Cart } from '../../../shared/api/cart';
import { getCart } from './get-cart';
import type { CartDeps } from './ports';

export async function clearCart(userId: string, deps: CartDeps): Promise<Cart> {
  const items = await deps.carts.items(userId);
  await deps.carts.remove(
    userId,
    items.map((i) => i.listingId),
  );
  return getCart(userId, deps);
}
