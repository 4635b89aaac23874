import '../../../styles/commerce.css';
import '../../../styles/cart-lines.css';
import { Link, useSearchParams } from 'react-router-dom';
import { CART_DELIVERY_ESTIMATE_DAYS } from '../../../../../shared/domain/cart';
import { formatUsd } from '../../../../../shared/domain/money';
import { CartLineItem } from '../../../domains/cart/cart-line-item';
import { CartIcon } from '../../../components/ui/icons';
import { PageLoading } from '../../../components/ui/page-loading';
import { Tabs } from '../../../components/ui/tabs';
import { useOptionalSession } from '../../../lib/session/session-context';
import { myBidsCount, useMyBids } from '../../../domains/bids/api';
import { blockingLines, needsShippingService, type CartView } from '../../../domains/cart/cart-view';
import { useCart, type UseCart } from '../../../domains/cart/api';
import { useLineActions } from '../../../domains/cart/use-line-actions';
import { ActiveBidsTab } from '../components/active-bids-tab';
import { WishlistTab } from '../components/wishlist-tab';
import { WonItems } from '../components/won-items';

const TABS = ['cart', 'bids', 'wishlist'] as const;
type Tab = (typeof TABS)[number];

const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** Spec part 2 "Business constants and limits": estimated delivery in the cart is a static 3 days from today. */
export function estimatedDelivery(now: Date): string {
  const date = new Date(now);
  date.setDate(date.getDate() + CART_DELIVERY_ESTIMATE_DAYS);
  return dateFormat.format(date);
}

function Summary({ cart, onClear, clearing }: { cart: CartView; onClear(): void; clearing: boolean }) {
  const blocked = blockingLines(cart).length > 0;
  const calculated = needsShippingService(cart);
  const shipped = cart.items.some((l) => !l.isLocalPickup && l.status !== 'unavailable');
  const pickup = cart.items.some((l) => l.isLocalPickup && l.status !== 'unavailable');
  return (
    <aside className="commerce-panel order-summary" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading" className="commerce-heading">
        Order Summary
      </h2>
      <dl className="totals">
        <div>
          <dt>
            Items ({cart.count} {cart.count === 1 ? 'unit' : 'units'})
          </dt>
          <dd>{formatUsd(cart.itemsCents)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{formatUsd(cart.shippingCents)}</dd>
        </div>
        <div className="totals-total">
          <dt>Total</dt>
          <dd>{formatUsd(cart.totalCents)}</dd>
        </div>
      </dl>
      {calculated && <p className="commerce-note">Calculated shipping is added at checkout.</p>}
      {shipped && (
        <p className="commerce-note">
          Estimated delivery: <strong>{estimatedDelivery(new Date())}</strong>
        </p>
      )}
      {pickup && <p className="commerce-note">Local pickup items are collected from the seller.</p>}
      {blocked ? (
        <>
          <button type="button" className="btn btn-primary btn-block" disabled>
            Proceed to Checkout
          </button>
          <p className="commerce-note commerce-note-warning" role="note">
            Update or remove the items marked above to continue.
          </p>
        </>
      ) : (
        <Link to="/checkout" className="btn btn-primary btn-block">
          Proceed to Checkout
        </Link>
      )}
      <Link to="/marketplace" className="btn btn-outline btn-block">
        Browse Marketplace
      </Link>
      <button type="button" className="btn btn-ghost btn-block" disabled={clearing} onClick={onClear}>
        Clear Cart
      </button>
    </aside>
  );
}

function CartTab({ state }: { state: UseCart }) {
  const lines = useLineActions(state);
  const { cart } = state;
  if (!cart) return <PageLoading text="Loading cart..." />;
  return (
    <>
      {state.syncing && (
        <p className="commerce-banner" role="status">
          Moving your cart to your account...
        </p>
      )}
      {state.loadError !== undefined && (
        <div className="commerce-banner commerce-banner-error" role="alert">
          <p>Your account&apos;s cart could not be loaded. Showing the cart saved in this browser.</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void state.reload()}>
            Try Again
          </button>
        </div>
      )}
      {cart.items.length === 0 ? (
        <div className="status">
          <CartIcon />
          <p className="status-title">Your cart is empty</p>
          <p>Find something you like in the marketplace.</p>
          <Link to="/marketplace" className="btn btn-primary">
            Browse Marketplace
          </Link>
        </div>
      ) : (
        <div className="commerce-layout">
          <ul className="cart-lines" aria-label="Items in your cart">
            {cart.items.map((l) => (
              <CartLineItem
                key={l.listingId}
                line={l}
                busy={lines.isBusy(l.listingId)}
                onQuantity={(q) => void lines.setQuantity(l.listingId, q)}
                onRemove={() => void lines.remove(l.listingId)}
              />
            ))}
          </ul>
          <Summary cart={cart} clearing={lines.anyBusy} onClear={() => void state.clear()} />
        </div>
      )}
    </>
  );
}

/** /cart (spec part 2 "Cart page"): tabs Cart, Active Bids and Wishlist. */
export function CartPage() {
  const state = useCart();
  const session = useOptionalSession();
  const signedIn = session?.user && session.token ? { userId: session.user.id, token: session.token } : null;
  // Auctions the user is still in: the tab's count shows on every tab.
  const bids = useMyBids(signedIn, 'pending');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'cart';
  const select = (next: Tab) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'cart') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true },
    );
  return (
    <div className="container commerce-page">
      <h1 className="page-title">Shopping Cart</h1>
      <Tabs
        label="Cart sections"
        selected={tab}
        onSelect={select}
        className="commerce-tabs"
        tabs={[
          { id: 'cart', label: 'Cart', count: state.cart?.count ?? null },
          { id: 'bids', label: 'Active Bids', count: signedIn ? myBidsCount(bids.data) : 0 },
          { id: 'wishlist', label: 'Wishlist' },
        ]}
      >
        {tab === 'cart' ? (
          <>
            <WonItems />
            <CartTab state={state} />
          </>
        ) : tab === 'bids' ? (
          <ActiveBidsTab bids={bids} />
        ) : (
          <WishlistTab />
        )}
      </Tabs>
    </div>
  );
}
