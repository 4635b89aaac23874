import '../../../styles/commerce.css';
import '../../../styles/cart-lines.css';
import '../../../styles/shipping-options.css';
import '../../../styles/order-list.css';
import type { CurrentUser } from '../../../../../shared/api/auth';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { useSession } from '../../../lib/session/session-context';
import { EscrowSigningDialog } from '../../../components/escrow-signing-dialog';
import { CheckoutItems } from '../components/checkout-items';
import { CheckoutSignedOut } from '../components/checkout-signed-out';
import { DeliveryAddress } from '../components/delivery-address';
import { OrderSummary } from '../components/order-summary';
import { PickupChoice } from '../components/pickup-choice';
import { ShippingPicker } from '../components/shipping-picker';
import { CHECKOUT_TEXTS } from '../lib/checkout-toasts';
import { useCheckout } from '../lib/use-checkout';

function Checkout({ user, token }: { user: CurrentUser; token: string }) {
  const c = useCheckout(user, token);
  const { cart, shown, runner, summary } = c;

  if (!cart || !shown) return <PageLoading text="Loading checkout..." />;
  if (cart.source === 'local') {
    return (
      <div className="container commerce-page">
        <h1 className="page-title">Checkout</h1>
        <LoadFailed title="Failed to load your cart" onRetry={() => void c.cartState.reload()} />
      </div>
    );
  }
  if (c.empty) {
    return (
      <div className="container commerce-page">
        <h1 className="page-title">Checkout</h1>
        <div className="status" role="status">
          <p className="status-title">Your cart is empty</p>
          <p>{CHECKOUT_TEXTS.emptyCart[1]}</p>
        </div>
      </div>
    );
  }

  return (
    <div className="container commerce-page">
      <h1 className="page-title">Checkout</h1>
      <div className="commerce-layout">
        <div className="commerce-main">
          <CheckoutItems cart={shown} lines={c.lines} processing={runner.processing} />
          <DeliveryAddress profile={c.profile.data} failed={c.profile.error !== undefined} cart={shown} />
          <PickupChoice
            sellers={c.pickups.offering}
            chosen={c.pickups.chosen}
            disabled={runner.processing}
            onChange={c.pickups.toggle}
          />
          {summary.needsShipping && (
            <ShippingPicker
              quote={c.quote.data?.quote}
              loading={c.quote.isLoading || !c.profileSettled}
              failed={c.quote.error !== undefined}
              onRetry={() => void c.quote.mutate()}
              selected={summary.option?.id ?? null}
              onSelect={c.setChoice}
              disabled={runner.processing}
            />
          )}
        </div>
        <OrderSummary cart={shown} state={summary} onSubmit={c.submit} />
      </div>
      {runner.step && <EscrowSigningDialog step={runner.step} />}
    </div>
  );
}

/** /checkout (spec part 2 "Checkout"). */
export function CheckoutPage() {
  const { status, user, token } = useSession();
  if (status === 'loading') return <PageLoading text="Loading checkout..." />;
  if (!user || !token) return <CheckoutSignedOut />;
  return <Checkout user={user} token={token} />;
}
