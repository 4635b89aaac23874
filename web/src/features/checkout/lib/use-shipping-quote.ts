import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { Profile } from '../../../../../shared/api/profile';
import type { CartView } from '../../../domains/cart/cart-view';
import { useCartShippingOptions } from '../../../domains/orders/api';
import { CHECKOUT_TEXTS } from './checkout-toasts';

/** What a shipping quote is bound to on our side: the cart's lines and quantities (the server also binds the ZIP). */
export function cartFingerprint(cart: CartView): string {
  return cart.items.map((l) => `${l.listingId}:${l.quantity}:${l.status}`).join('|');
}

export function addressFingerprint(profile: Profile | undefined): string {
  return profile?.address ? JSON.stringify(profile.address) : 'none';
}

/**
 * The calculated-shipping options for this cart, address and the sellers collected from (`pickup`, as the query
 * sends it); read again when any changes or the quote runs out.
 */
export function useShippingQuote(
  enabled: boolean,
  userId: string,
  token: string,
  cartFp: string,
  addressFp: string,
  pickup: string,
) {
  const swr = useCartShippingOptions(enabled ? { userId, token } : null, cartFp, addressFp, pickup);
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
