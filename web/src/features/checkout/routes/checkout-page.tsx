import '../../../styles/commerce.css';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { toast } from 'sonner';
import type { CurrentUser } from '../../../../../shared/api/auth';
import { getShippingOptions, pickupQuery } from '../../../../../shared/api/orders';
import type { Profile } from '../../../../../shared/api/profile';
import { formatAddress } from '../../../../../shared/domain/address';
import { EMPTY_CART_REDIRECT_MS } from '../../../../../shared/domain/cart';
import { formatUsd } from '../../../../../shared/domain/money';
import { CartLineItem } from '../../../domains/cart/cart-line-item';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError, apiGet } from '../../../lib/api';
import { blockingLines, needsShippingService, type CartView } from '../../../domains/cart/cart-view';
import { useCart } from '../../../domains/cart/api';
import { useLineActions } from '../../../domains/cart/use-line-actions';
import { useProfile } from '../../../domains/profile/api';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useSession } from '../../../lib/session/session-context';
import { fetchWalletBalances, rlusdCents, useWalletBalances } from '../../../domains/wallet/api';
import { EscrowSigningDialog } from '../../../components/escrow-signing-dialog';
import { PickupChoice } from '../components/pickup-choice';
import { ShippingPicker } from '../components/shipping-picker';
import { CHECKOUT_TEXTS } from '../lib/checkout-toasts';
import { pickupSellers, withPickupChoice } from '../lib/pickup-choice';
import { useCheckoutRunner } from '../lib/use-checkout-runner';

/** What a shipping quote is bound to on our side: the cart's lines and quantities (the server also binds the ZIP). */
function cartFingerprint(cart: CartView): string {
  return cart.items.map((l) => `${l.listingId}:${l.quantity}:${l.status}`).join('|');
}

/** The summary's delivery line: how many units ship (and when, once a service is chosen) and how many are picked up. */
export function deliverySummary(cart: Pick<CartView, 'items'>, estimatedDays: string | null): string {
  const live = cart.items.filter((l) => l.status !== 'unavailable');
  const shipped = live.filter((l) => !l.isLocalPickup).reduce((sum, l) => sum + l.quantity, 0);
  const pickup = live.filter((l) => l.isLocalPickup).reduce((sum, l) => sum + l.quantity, 0);
  const parts = [];
  if (shipped > 0) parts.push(`${shipped} shipped${estimatedDays ? `, ${estimatedDays}` : ''}`);
  if (pickup > 0) parts.push(`${pickup} local pickup`);
  return parts.join(' · ') || '—';
}

function addressFingerprint(profile: Profile | undefined): string {
  return profile?.address ? JSON.stringify(profile.address) : 'none';
}

/**
 * The calculated-shipping options for this cart, address and the sellers collected from (`pickup`, as the query
 * sends it); read again when any changes or the quote runs out.
 */
function useShippingQuote(
  enabled: boolean,
  userId: string,
  token: string,
  cartFp: string,
  addressFp: string,
  pickup: string,
) {
  const swr = useSWR(enabled ? ['shipping-options', userId, cartFp, addressFp, pickup] : null, () =>
    apiGet(getShippingOptions, { token, query: pickup ? { pickup } : {} }),
  );
  const quote = swr.data?.quote;
  const { mutate } = swr;
  useEffect(() => {
    if (!quote) return;
    const timer = setTimeout(() => void mutate(), Math.max(0, Date.parse(quote.expiresAt) - Date.now() - 30_000));
    return () => clearTimeout(timer);
  }, [quote, mutate]);
  // Spec part 2 "Error catalogue": the fallbacks are announced once per quote.
  const announced = useRef(new Set<string>());
  useEffect(() => {
    if (!quote || announced.current.has(quote.quoteId)) return;
    announced.current.add(quote.quoteId);
    if (quote.source === 'estimated') {
      toast.error(CHECKOUT_TEXTS.fedexError[0], { description: CHECKOUT_TEXTS.fedexError[1] });
    } else if (quote.source === 'standard') {
      toast.error(CHECKOUT_TEXTS.ratesError[0], { description: CHECKOUT_TEXTS.ratesError[1] });
    }
  }, [quote]);
  return swr;
}

function Delivery({ profile, failed, cart }: { profile: Profile | undefined; failed: boolean; cart: CartView }) {
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

function Checkout({ user, token }: { user: CurrentUser; token: string }) {
  const navigate = useNavigate();
  const { mutate: mutateKey } = useSWRConfig();
  const cartState = useCart();
  const { cart } = cartState;
  const profile = useProfile();
  const balances = useWalletBalances({ token, walletAddress: user.walletAddress });
  const serverCart = cart?.source === 'server' ? cart : undefined;
  // Local pickup chosen per seller; only sellers that still offer it count (the cart may have changed since). The
  // page shows and totals the cart as it will be bought: those sellers' lines as pickups, with no shipping.
  const [pickupChoice, setPickupChoice] = useState<ReadonlySet<string>>(new Set());
  const offering = serverCart ? pickupSellers(serverCart.items) : [];
  const chosen = new Set(offering.map((s) => s.sellerId).filter((id) => pickupChoice.has(id)));
  const pickup = pickupQuery.encode([...chosen]);
  const buying = serverCart && withPickupChoice(serverCart, chosen);
  const needsShipping = !!buying && needsShippingService(buying);
  const profileSettled = profile.data !== undefined || profile.error !== undefined;
  const cartFp = serverCart ? cartFingerprint(serverCart) : '';
  const quote = useShippingQuote(
    needsShipping && profileSettled,
    user.id,
    token,
    cartFp,
    addressFingerprint(profile.data),
    pickup,
  );

  // The chosen service resets when the cart's quantities (or what is shipped) change (spec part 2 "Shipping rate
  // loading").
  const [choice, setChoice] = useState<string | null>(null);
  const [choiceFor, setChoiceFor] = useState(`${cartFp}#${pickup}`);
  if (choiceFor !== `${cartFp}#${pickup}`) {
    setChoiceFor(`${cartFp}#${pickup}`);
    setChoice(null);
  }
  const option = needsShipping ? (quote.data?.quote?.options.find((o) => o.id === choice) ?? null) : null;

  const lines = useLineActions(cartState);
  const runner = useCheckoutRunner({
    token,
    userId: user.id,
    onRefused: (error) => {
      const code = error instanceof ApiError ? error.code : null;
      if (code === 'price_changed' || code === 'cart_changed' || code === 'pickup_not_offered') {
        void cartState.reload();
        void quote.mutate();
      } else if (code === 'shipping_changed') {
        setChoice(null);
        void quote.mutate();
      } else if (code === 'insufficient_balance') {
        void balances.mutate();
      } else if (code === 'profile_incomplete') {
        void profile.mutate();
      }
    },
    onFinished: (funded) => {
      // The server takes paid lines out of the cart itself; units of unpaid orders went back to the listings.
      void cartState.reload();
      void mutateKey((key) => Array.isArray(key) && key[0] === 'shipping-options', undefined, { revalidate: false });
      void balances
        .mutate(fetchWalletBalances(token), { revalidate: false })
        .then(() => toast.success('Balances Updated'))
        .catch((error: unknown) => console.warn('Balances could not be refreshed', error));
      if (funded > 0) navigate('/activity');
    },
  });

  // Spec part 2: one second after loading, an empty cart goes back to /cart.
  const empty = !!serverCart && serverCart.items.length === 0 && !runner.processing;
  useEffect(() => {
    if (!empty) return;
    const timer = setTimeout(() => navigate('/cart', { replace: true }), EMPTY_CART_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [empty, navigate]);

  if (!cart) return <PageLoading text="Loading checkout..." />;
  if (cart.source === 'local') {
    return (
      <div className="container commerce-page">
        <h1 className="page-title">Checkout</h1>
        <LoadFailed title="Failed to load your cart" onRetry={() => void cartState.reload()} />
      </div>
    );
  }
  if (empty) {
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

  const balanceKnown = balances.data !== undefined || balances.error !== undefined;
  // Spec part 1 "Fallbacks": a failed balance read counts as $0.00.
  const balance = rlusdCents(balances.data);
  const shown = buying ?? cart;
  const optionCents = option?.costCents ?? 0;
  const total = shown.totalCents + optionCents;
  const blocked = blockingLines(shown).length > 0;
  const missingService = needsShipping && !option;
  const short = balanceKnown && balance < total;
  const disabled = runner.processing || missingService || !balanceKnown || short || blocked || lines.anyBusy;

  const submit = () => {
    if (needsShipping && !option) {
      toast.error(CHECKOUT_TEXTS.shippingRequired[0], { description: CHECKOUT_TEXTS.shippingRequired[1] });
      return;
    }
    void runner.run({
      shipping: option && quote.data?.quote ? { quoteId: quote.data.quote.quoteId, optionId: option.id } : null,
      localPickupSellerIds: [...chosen],
      expectedTotalCents: total,
    });
  };

  return (
    <div className="container commerce-page">
      <h1 className="page-title">Checkout</h1>
      <div className="commerce-layout">
        <div className="commerce-main">
          <section className="commerce-panel" aria-labelledby="checkout-items-heading">
            <h2 id="checkout-items-heading" className="commerce-heading">
              Items ({shown.count})
            </h2>
            <ul className="cart-lines" aria-label="Items to buy">
              {shown.items.map((l) => (
                <CartLineItem
                  key={l.listingId}
                  line={l}
                  busy={runner.processing || lines.isBusy(l.listingId)}
                  onQuantity={(q) => void lines.setQuantity(l.listingId, q)}
                  onRemove={() => void lines.remove(l.listingId)}
                />
              ))}
            </ul>
          </section>
          <Delivery profile={profile.data} failed={profile.error !== undefined} cart={shown} />
          <PickupChoice
            sellers={offering}
            chosen={chosen}
            disabled={runner.processing}
            onChange={(sellerId, collect) =>
              setPickupChoice((c) => {
                const next = new Set(c);
                if (collect) next.add(sellerId);
                else next.delete(sellerId);
                return next;
              })
            }
          />
          {needsShipping && (
            <ShippingPicker
              quote={quote.data?.quote}
              loading={quote.isLoading || !profileSettled}
              failed={quote.error !== undefined}
              onRetry={() => void quote.mutate()}
              selected={option?.id ?? null}
              onSelect={setChoice}
              disabled={runner.processing}
            />
          )}
        </div>
        <aside className="commerce-panel order-summary" aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading" className="commerce-heading">
            Order Summary
          </h2>
          <ul className="order-lines" aria-label="Summary of items">
            {shown.items
              .filter((l) => l.status !== 'unavailable')
              .map((l) => (
                <li key={l.listingId}>
                  {l.title} × {l.quantity} — {formatUsd(l.lineTotalCents)}
                </li>
              ))}
          </ul>
          <dl className="totals">
            <div>
              <dt>Items</dt>
              <dd>{formatUsd(shown.itemsCents)}</dd>
            </div>
            {shown.shippingCents > 0 && (
              <div>
                <dt>Flat-rate shipping</dt>
                <dd>{formatUsd(shown.shippingCents)}</dd>
              </div>
            )}
            {needsShipping && (
              <div>
                <dt>Shipping service</dt>
                <dd>{option ? `${option.name}: ${formatUsd(option.costCents)}` : 'Not chosen'}</dd>
              </div>
            )}
            <div>
              <dt>Delivery</dt>
              <dd>{deliverySummary(shown, option?.estimatedDays ?? null)}</dd>
            </div>
            <div className="totals-total">
              <dt>Total</dt>
              <dd>{formatUsd(total)}</dd>
            </div>
            <div>
              <dt>Your balance</dt>
              <dd>{balanceKnown ? `${formatUsd(balance)} RLUSD` : '…'}</dd>
            </div>
          </dl>
          <button type="button" className="btn btn-primary btn-block" disabled={disabled} onClick={submit}>
            {runner.processing ? 'Processing...' : 'Create Escrow & Checkout'}
          </button>
          <div aria-live="polite">
            {missingService && (
              <p className="commerce-note commerce-note-warning">{CHECKOUT_TEXTS.selectShippingInline}</p>
            )}
            {short && (
              <p className="commerce-note commerce-note-danger">
                {CHECKOUT_TEXTS.insufficientInline(formatUsd(total - balance))}
              </p>
            )}
            {blocked && (
              <p className="commerce-note commerce-note-warning">
                Update or remove the items marked above to continue.
              </p>
            )}
          </div>
          <p className="commerce-note">
            Your payment is locked in an escrow on the XRP Ledger, one per seller, until the item is delivered or picked
            up.
          </p>
        </aside>
      </div>
      {runner.step && <EscrowSigningDialog step={runner.step} />}
    </div>
  );
}

/** Signed out: checkout needs a wallet (spec part 2 "Checkout" validation). */
function SignedOut() {
  useEffect(() => {
    // One toast, also when StrictMode runs the effect twice.
    toast.error(CHECKOUT_TEXTS.authRequired[0], {
      id: 'checkout-auth-required',
      description: CHECKOUT_TEXTS.authRequired[1],
    });
  }, []);
  return (
    <div className="container commerce-page">
      <h1 className="page-title">Checkout</h1>
      <div className="status">
        <p className="status-title">{CHECKOUT_TEXTS.connectInline}</p>
        <div className="status-actions">
          <button type="button" className="btn btn-primary" onClick={requestConnectWallet}>
            Connect Wallet
          </button>
          <Link to="/cart" className="btn btn-outline">
            Back to Cart
          </Link>
        </div>
      </div>
    </div>
  );
}

/** /checkout (spec part 2 "Checkout"). */
export function CheckoutPage() {
  const { status, user, token } = useSession();
  if (status === 'loading') return <PageLoading text="Loading checkout..." />;
  if (!user || !token) return <SignedOut />;
  return <Checkout user={user} token={token} />;
}
