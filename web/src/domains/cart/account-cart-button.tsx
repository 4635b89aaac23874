import { useCart, useCartMigration } from './api';
import { CartButton } from './cart-button';

/**
 * A signed-in user's cart button: the account's cart count. Mounted for as long as the user is signed in, it also
 * moves a signed-out cart into the account shortly after sign-in.
 */
export function AccountCartButton() {
  useCartMigration();
  const { cart } = useCart();
  return <CartButton count={cart?.count ?? null} />;
}
