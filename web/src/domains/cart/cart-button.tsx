import { Link } from 'react-router-dom';
import { badgeCount } from '../../lib/badge';
import { useLocalCartCount } from './local-cart';
import { CartIcon } from '../../components/ui/icons';

/**
 * The header's cart button (spec part 2 "Header cart button"): to /cart, with the sum of quantities as a badge ('99+'
 * above 99). `count` null: not known yet (no badge).
 */
export function CartButton({ count }: { count: number | null }) {
  const label = count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to="/cart" className="btn btn-ghost btn-icon icon-with-badge" aria-label={label}>
      <CartIcon />
      {count !== null && count > 0 && (
        <span className="count-badge" aria-hidden>
          {badgeCount(count)}
        </span>
      )}
    </Link>
  );
}

/** A signed-out visitor's cart button: the count of the cart kept in this browser (no API, no zod on first load). */
export function LocalCartButton() {
  return <CartButton count={useLocalCartCount()} />;
}
