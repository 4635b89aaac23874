import { CartLineItem } from '../../../domains/cart/cart-line-item';
import type { CartView } from '../../../domains/cart/cart-view';
import type { useLineActions } from '../../../domains/cart/use-line-actions';

/** The items to buy, each with its quantity control and remove button (held while the checkout runs). */
export function CheckoutItems({
  cart,
  lines,
  processing,
}: {
  cart: CartView;
  lines: ReturnType<typeof useLineActions>;
  processing: boolean;
}) {
  return (
    <section className="commerce-panel" aria-labelledby="checkout-items-heading">
      <h2 id="checkout-items-heading" className="commerce-heading">
        Items ({cart.count})
      </h2>
      <ul className="cart-lines" aria-label="Items to buy">
        {cart.items.map((l) => (
          <CartLineItem
            key={l.listingId}
            line={l}
            busy={processing || lines.isBusy(l.listingId)}
            onQuantity={(q) => void lines.setQuantity(l.listingId, q)}
            onRemove={() => void lines.remove(l.listingId)}
          />
        ))}
      </ul>
    </section>
  );
}
