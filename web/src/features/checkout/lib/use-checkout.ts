import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { toast } from 'sonner';
import type { CurrentUser } from '../../../../../shared/api/auth';
import { EMPTY_CART_REDIRECT_MS } from '../../../../../shared/domain/cart';
import { useCart } from '../../../domains/cart/api';
import { blockingLines, needsShippingService } from '../../../domains/cart/cart-view';
import { useLineActions } from '../../../domains/cart/use-line-actions';
import { isKeyOf } from '../../../domains/keys';
import { useProfile } from '../../../domains/profile/api';
import { fetchWalletBalances, rlusdCents, useWalletBalances } from '../../../domains/wallet/api';
import { ApiError } from '../../../lib/api';
import type { SummaryState } from '../components/order-summary';
import { CHECKOUT_TEXTS } from './checkout-toasts';
import { useCheckoutRunner } from './use-checkout-runner';
import { usePickupSellers } from './use-pickup-sellers';
import { useShippingChoice } from './use-shipping-choice';
import { addressFingerprint, cartFingerprint, useShippingQuote } from './use-shipping-quote';

/**
 * The checkout page's state: the cart as it will be bought (local pickup chosen per seller), its shipping quote and
 * chosen service, the balance, the run of the checkout and what holds it back. The server prices it all again.
 */
export function useCheckout(user: CurrentUser, token: string) {
  const navigate = useNavigate();
  const { mutate: mutateKey } = useSWRConfig();
  const cartState = useCart();
  const { cart } = cartState;
  const profile = useProfile();
  const balances = useWalletBalances({ token, walletAddress: user.walletAddress });
  const serverCart = cart?.source === 'server' ? cart : undefined;
  const pickups = usePickupSellers(serverCart);
  const { buying, pickup } = pickups;
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
  const [choice, setChoice] = useShippingChoice(`${cartFp}#${pickup}`);
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
      void mutateKey((key) => isKeyOf(key, 'shipping-options'), undefined, { revalidate: false });
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

  const balanceKnown = balances.data !== undefined || balances.error !== undefined;
  // Spec part 1 "Fallbacks": a failed balance read counts as $0.00.
  const balance = rlusdCents(balances.data);
  const shown = buying ?? cart;
  const total = (shown?.totalCents ?? 0) + (option?.costCents ?? 0);
  const blocked = !!shown && blockingLines(shown).length > 0;
  const missingService = needsShipping && !option;
  const short = balanceKnown && balance < total;
  const summary: SummaryState = {
    needsShipping,
    option,
    total,
    balanceKnown,
    balance,
    missingService,
    short,
    blocked,
    disabled: runner.processing || missingService || !balanceKnown || short || blocked || lines.anyBusy,
    processing: runner.processing,
  };

  const submit = () => {
    if (needsShipping && !option) {
      toast.error(CHECKOUT_TEXTS.shippingRequired[0], { description: CHECKOUT_TEXTS.shippingRequired[1] });
      return;
    }
    void runner.run({
      shipping: option && quote.data?.quote ? { quoteId: quote.data.quote.quoteId, optionId: option.id } : null,
      localPickupSellerIds: [...pickups.chosen],
      expectedTotalCents: total,
    });
  };

  return {
    cart,
    cartState,
    shown,
    empty,
    profile,
    pickups,
    quote,
    profileSettled,
    setChoice,
    lines,
    runner,
    summary,
    submit,
  };
}
