import type { Cart } from '../../../shared/api/cart';
import { getCart } from './get-cart';
import type { CartDeps } from './ports';

export async function removeCartItem(userId: string, listingId: string, deps: CartDeps): Promise<Cart> {
  await deps.carts.remove(userId, [listingId]);
  return getCart(userId, deps);
}
