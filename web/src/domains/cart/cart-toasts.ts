import { toast } from 'sonner';
import { ApiError } from '../../lib/api-error';

/** The cart's texts (spec part 2 "Error catalogue", part 1 "Buying, bidding and contact toasts"). */
export const CART_TOASTS = {
  added: (title: string) => ['Added to Cart', `${title} has been added to your cart.`] as const,
  removed: ['Removed', 'Item removed from cart.'],
  cleared: ['Cart Cleared', 'All items removed from cart.'],
  full: ['Cart Full', 'Maximum 50 items allowed in cart.'],
  tooLarge: ['Cart Too Large', 'Please remove some items to continue.'],
  storageLimited: ['Storage Limited', 'Cart saved temporarily. Enable storage permissions for persistence.'],
  synced: (n: number) => ['Cart Synced', `${n} items moved to your account.`] as const,
  addFailed: 'Failed to add item to cart. Please try again.',
  removeFailed: 'Failed to remove item from cart.',
  updateFailed: 'Failed to update item quantity.',
  clearFailed: 'Failed to clear cart.',
  ownListing: ['Cannot Purchase Own Item', 'You cannot buy your own listing.'],
  noPrice: ['Price Not Available', "This item doesn't have a buy now price."],
  noMoreUnits: ['Error', 'All available units are already in your cart.'],
} as const;

export function toastPair([title, description]: readonly [string, string], error = true): void {
  if (error) toast.error(title, { description });
  else toast.success(title, { description });
}

/**
 * A refused cart change as the spec's toast: the server's 4xx codes for the cases the spec names, the server's own
 * message for stock and availability, else 'Error' with the action's fallback text.
 */
export function cartErrorToast(error: unknown, fallback: string): void {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'own_listing':
        return toastPair(CART_TOASTS.ownListing);
      case 'no_price':
        return toastPair(CART_TOASTS.noPrice);
      case 'cart_full':
        return toastPair(CART_TOASTS.full);
      case 'quantity_unavailable':
      case 'unavailable':
      case 'not_found':
        return toastPair(['Error', error.message]);
    }
  }
  console.warn('Cart change failed', error);
  toastPair(['Error', fallback]);
}
