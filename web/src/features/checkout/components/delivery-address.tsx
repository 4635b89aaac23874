import { Link } from 'react-router-dom';
import type { Profile } from '../../../../../shared/api/profile';
import { formatAddress } from '../../../../../shared/domain/address';
import type { CartView } from '../../../domains/cart/cart-view';
import { CHECKOUT_TEXTS } from '../lib/checkout-toasts';

/** Where the shipped items go (the profile's address) and which are collected from their sellers instead. */
export function DeliveryAddress({
  profile,
  failed,
  cart,
}: {
  profile: Profile | undefined;
  failed: boolean;
  cart: CartView;
}) {
  const shipped = cart.items.some((l) => !l.isLocalPickup && l.status !== 'unavailable');
  const pickup = cart.items.filter((l) => l.isLocalPickup && l.status !== 'unavailable');
  return (
    <section className="commerce-panel" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className="commerce-heading">
        Delivery Address
      </h2>
      {profile === undefined && !failed ? (
        <p className="commerce-note">Loading your address...</p>
      ) : profile?.address ? (
        <address className="delivery-address">
          {profile.fullName && (
            <>
              <strong>{profile.fullName}</strong>
              {'\n'}
            </>
          )}
          {formatAddress(profile.address)}
        </address>
      ) : (
        <p className="commerce-note commerce-note-warning">
          {CHECKOUT_TEXTS.noAddress} <Link to="/settings">Profile Settings</Link>
        </p>
      )}
      {!shipped && pickup.length > 0 && (
        <p className="commerce-note">Every item is collected from its seller (local pickup).</p>
      )}
      {shipped && pickup.length > 0 && (
        <p className="commerce-note">
          {pickup.length === 1 ? '1 item is' : `${pickup.length} items are`} collected from the seller (local pickup).
        </p>
      )}
    </section>
  );
}
