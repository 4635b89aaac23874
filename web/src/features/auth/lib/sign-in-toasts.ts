import { toast } from 'sonner';
import type { FinalSignInStatus } from './watch-sign-in';

/** The connection toasts of spec part 1 "Wallet connection" and "Connection toasts", with their exact texts. */
export const SIGN_IN_TOASTS = {
  connected: 'Wallet Connected',
  cancelled: 'Connection Cancelled',
  expired: ['Connection Expired', 'The QR code has expired. Please try again.'],
  timedOut: ['Connection Timeout', 'Connection attempt timed out. Please try again.'],
  pollError: ['Connection Error', 'Failed to check wallet status. Please try again.'],
  startFailed: ['Connection Failed', 'Failed to connect to Xaman wallet'],
  setupFailed: ['Error', 'Failed to complete wallet setup'],
  createFailed: ['Error', 'Failed to create account'],
} as const;

/** Toast for a sign-in that ended without a signature. */
export function toastUnsigned(status: Exclude<FinalSignInStatus, 'signed'>): void {
  if (status === 'cancelled') toast.error(SIGN_IN_TOASTS.cancelled);
  else if (status === 'expired') toast.error(SIGN_IN_TOASTS.expired[0], { description: SIGN_IN_TOASTS.expired[1] });
  else toast.error(SIGN_IN_TOASTS.timedOut[0], { description: SIGN_IN_TOASTS.timedOut[1] });
}

export function toastError(texts: readonly [string, string], error?: unknown): void {
  const message = error instanceof Error && error.message ? error.message : texts[1];
  toast.error(texts[0], { description: message });
}
