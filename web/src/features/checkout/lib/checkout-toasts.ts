import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import { ApiError } from '../../../lib/api-error';
import { cancelReasonText } from '../../../lib/orders/orders';

/** Checkout and escrow texts (spec part 2 section 8). */
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
  timeout: ['Transaction Timeout', 'Transaction signing timed out. Please try again.'],
  statusFailed: 'Failed to check escrow status',
  connectInline: 'Connect your wallet to proceed with checkout',
  selectShippingInline: 'Please select a shipping service to continue',
  insufficientInline: (more: string) => `Insufficient balance. You need ${more} more to complete this purchase.`,
  noAddress: 'Please update your address in settings',
} as const;

/** The server's codes for an escrow that can't be made now ('Escrow Not Available' with the server's text). */
const ESCROW_NOT_AVAILABLE = new Set([
  'FEATURE_NOT_ENABLED',
  'escrow_not_available',
  'seller_cannot_receive',
  'buyer_no_rlusd',
]);

export function isEscrowNotAvailable(error: unknown): error is ApiError {
  return error instanceof ApiError && ESCROW_NOT_AVAILABLE.has(error.code);
}

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

/** A signing request that could not be made. */
export function escrowRequestErrorToast(error: unknown): void {
  if (isEscrowNotAvailable(error)) {
    toast.error('Escrow Not Available', { description: error.message });
    return;
  }
  toast.error('Escrow Creation Failed', { description: messageOf(error, 'Failed to create the escrow request') });
}

/** The toast of an order that ended cancelled while its buyer was signing. */
export function cancelledOrderToast(order: Pick<Order, 'cancelReason' | 'seller'>): void {
  switch (order.cancelReason) {
    case 'signing_cancelled':
      toast.error('Transaction Cancelled', {
        description: `The escrow for ${order.seller.username} was rejected in Xaman and not created.`,
      });
      return;
    case 'signing_expired':
      toast.error('Transaction Expired', {
        description: `The escrow request for ${order.seller.username} expired before it was signed.`,
      });
      return;
    default:
      toast.error('Escrow Creation Failed', {
        description: cancelReasonText(order.cancelReason) ?? 'The escrow was not created.',
      });
  }
}
