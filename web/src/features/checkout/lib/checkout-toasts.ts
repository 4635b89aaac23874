import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-error';
import { isEscrowNotAvailable } from '../../../lib/orders/sign-order';

/** Checkout and escrow texts (spec part 2 "Error catalogue"). */
export const CHECKOUT_TEXTS = {
  authRequired: ['Authentication Required', 'Please connect your wallet to proceed with checkout'],
  emptyCart: ['Empty Cart', 'Please add items to your cart before checking out'],
  shippingRequired: [
    'Shipping Service Required',
    'Please select a shipping service for items with calculated shipping',
  ],
  failedFallback: 'Failed to process checkout',
  noneCreated: ['Checkout Failed', 'Failed to create any escrow transactions'],
  success: (n: number) =>
    [
      'Checkout Successful',
      `Created ${n} escrow transaction(s). Check your activity page for status updates.`,
    ] as const,
  fedexError: ['FedEx API Error', 'Failed to get real shipping rates. Using estimated rates.'],
  ratesError: ['Shipping Rates Error', 'Unable to load FedEx rates. Using standard shipping options.'],
  connectInline: 'Connect your wallet to proceed with checkout',
  selectShippingInline: 'Please select a shipping service to continue',
  insufficientInline: (more: string) => `Insufficient balance. You need ${more} more to complete this purchase.`,
  noAddress: 'Please update your address in settings',
} as const;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== 'bad_response' ? error.message : fallback;

/** A refused checkout as the spec's toast. */
export function checkoutErrorToast(error: unknown): void {
  if (isEscrowNotAvailable(error)) {
    toast.error('Escrow Not Available', { description: error.message });
    return;
  }
  if (error instanceof ApiError && error.code === 'shipping_required') {
    toast.error(CHECKOUT_TEXTS.shippingRequired[0], { description: CHECKOUT_TEXTS.shippingRequired[1] });
    return;
  }
  if (!(error instanceof ApiError)) console.warn('Checkout failed', error);
  toast.error('Checkout Failed', { description: messageOf(error, CHECKOUT_TEXTS.failedFallback) });
}
