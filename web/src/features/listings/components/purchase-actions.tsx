import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { formatUsd } from '../../../../../shared/domain/money';
import { CartIcon } from '../../../components/ui/icons';
import { buyNowPriceCents, cartItemFromListing } from '../../../domains/cart/cart-view';
import { CART_TOASTS, toastPair } from '../../../domains/cart/cart-toasts';
import { useCart } from '../../../domains/cart/api';
import { canBuyWith, COMPLETE_PROFILE_TOAST, useProfile } from '../../../domains/profile/api';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useOptionalSession } from '../../../lib/session/session-context';
import { rlusdCents, useWalletBalances } from '../../../domains/wallet/api';

export const INSUFFICIENT_BALANCE = (needCents: number, haveCents: number) =>
  [
    'Insufficient Balance',
    `You need ${formatUsd(needCents)} but only have ${formatUsd(haveCents)} available.`,
  ] as const;

/**
 * Buy Now and Add to Cart on /item/{id} (spec part 1 "Buy Now", "Add to cart from the detail page" and their toasts).
 * Signed out, Add to Cart keeps the item in this browser's cart (visitors may use a local cart) and Buy Now asks for a
 * wallet. Signed in, both need a complete profile with a shipping address and someone else's listing; Buy Now also an
 * RLUSD balance of at least the price, and puts one unit in the account's cart before going to /checkout. Hidden when
 * the listing has no price to buy at.
 */
export function PurchaseActions({ listing: l, nowMs }: { listing: ListingDetail; nowMs: number }) {
  const session = useOptionalSession();
  const user = session?.user ?? null;
  const token = session?.token ?? null;
  const navigate = useNavigate();
  const cart = useCart();
  const profile = useProfile();
  const balances = useWalletBalances(user && token ? { token, walletAddress: user.walletAddress } : null);
  const [busy, setBusy] = useState<'buy' | 'cart' | null>(null);

  const price = buyNowPriceCents(l, nowMs);
  const item = cartItemFromListing(l, nowMs);
  if (price === null || !item) return null;
  if (l.quantityAvailable === 0) {
    return (
      <section className="panel purchase-panel" aria-label="Buy this item">
        <p className="purchase-note">This item is sold out.</p>
      </section>
    );
  }

  const restoring = session?.status === 'loading';
  const signedIn = !!user && !!token;
  const own = signedIn && user.id === l.seller.id;
  // Spec part 2 "Error catalogue": a profile that could not be read counts as incomplete.
  const profileLoading = signedIn && profile.data === undefined && !profile.error;
  const complete = canBuyWith(profile.data);
  // Spec part 1 "Fallbacks": a failed balance read counts as $0.00.
  const balanceLoading = signedIn && balances.data === undefined && !balances.error;
  const balance = rlusdCents(balances.data);
  const lowBalance = signedIn && !balanceLoading && balance < price;

  const buyNow = async () => {
    if (!signedIn) {
      toast.error('Authentication Required', { description: 'Please connect your wallet to buy this item' });
      requestConnectWallet();
      return;
    }
    if (own) return toastPair(CART_TOASTS.ownListing);
    if (!complete) return toastPair(COMPLETE_PROFILE_TOAST);
    if (lowBalance) return toastPair(INSUFFICIENT_BALANCE(price, balance));
    setBusy('buy');
    const ok = await cart.putForBuyNow(l.id);
    setBusy(null);
    if (ok) navigate('/checkout');
  };

  const addToCart = async () => {
    if (signedIn && own) return toastPair(CART_TOASTS.ownListing);
    if (signedIn && !complete) return toastPair(COMPLETE_PROFILE_TOAST);
    setBusy('cart');
    await cart.add(item);
    setBusy(null);
  };

  const waiting = restoring || profileLoading;
  const buyDisabled = signedIn && (waiting || balanceLoading || own || !complete || lowBalance);
  const addLabel = signedIn && !profileLoading && !complete && !own ? 'Complete Profile First' : 'Add to Cart';

  return (
    <section className="panel purchase-panel" aria-label="Buy this item" aria-busy={waiting || busy !== null}>
      {/* An auction's bid panel above shows the balance card already. */}
      {signedIn && l.listingType === 'fixed' && (
        <p className="purchase-balance">
          <span>Your Balance</span> <strong>{balanceLoading ? '…' : formatUsd(balance)}</strong> <span>RLUSD</span>
        </p>
      )}
      <div className="purchase-buttons">
        <button
          type="button"
          className="btn btn-primary"
          disabled={restoring || buyDisabled || busy !== null}
          onClick={() => void buyNow()}
        >
          {busy === 'buy' ? 'Processing...' : 'Buy Now'}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={waiting || own || busy !== null}
          onClick={() => void addToCart()}
        >
          <CartIcon />
          {busy === 'cart' ? 'Adding...' : addLabel}
        </button>
      </div>
      {own && (
        <p className="purchase-note" role="note">
          <strong>Cannot Purchase Own Item</strong> You cannot buy your own listing.
        </p>
      )}
      {signedIn && !own && !profileLoading && !complete && (
        <p className="purchase-note" role="note">
          {COMPLETE_PROFILE_TOAST[1]} <Link to="/settings">Go to Profile Settings</Link>
        </p>
      )}
      {!own && complete && lowBalance && (
        <p className="purchase-note purchase-note-warning" role="note">
          <strong>{INSUFFICIENT_BALANCE(price, balance)[0]}</strong> {INSUFFICIENT_BALANCE(price, balance)[1]}
        </p>
      )}
    </section>
  );
}
