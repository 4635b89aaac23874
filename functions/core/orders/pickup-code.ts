import { createHmac, timingSafeEqual } from 'node:crypto';
import { PICKUP_CODE_DIGITS } from '../../../shared/domain/pickup-code';
import type { PickupLock } from './order';

/** Wrong codes in a row before the seller must wait (decision 040). */
export const PICKUP_TRIES = 5;
/** How long the seller waits after PICKUP_TRIES wrong codes. */
export const PICKUP_PAUSE_MINUTES = 15;

/**
 * A fresh pickup code: PICKUP_CODE_DIGITS decimal digits, each uniform (bytes of 250 or more are drawn again, so no
 * digit is likelier than another). 10^8 codes against at most 5 tries per 15 minutes: under 4 in 100,000 over the
 * 168-hour escrow window.
 */
export function newPickupCode(randomBytes: (n: number) => Uint8Array): string {
  let code = '';
  while (code.length < PICKUP_CODE_DIGITS) {
    for (const byte of randomBytes(PICKUP_CODE_DIGITS)) {
      if (byte < 250 && code.length < PICKUP_CODE_DIGITS) code += String(byte % 10);
    }
  }
  return code;
}

/**
 * The code's hash on the order: HMAC-SHA-256 under a key derived from the order's escrow fulfillment, so the order
 * item alone (a backup, an export, a stream) cannot be searched offline for the short code: that needs the KMS key
 * that opens the fulfillment, which only the settling functions hold (decisions 026, 040).
 */
export function pickupCodeHash(code: string, orderId: string, fulfillment: string): string {
  const key = createHmac('sha256', fulfillment).update('marketplace/pickup-code').digest();
  return createHmac('sha256', key).update(`${orderId}:${code}`).digest('hex');
}

/** The lock a pickup order is made with: the code's hash, no tries yet. */
export function newPickupLock(code: string, orderId: string, fulfillment: string): PickupLock {
  return { codeHash: pickupCodeHash(code, orderId, fulfillment), tries: 0, pausedUntil: null };
}

/** Whether an entered code is the order's, compared in constant time. */
export function pickupCodeMatches(lock: PickupLock, entered: string, orderId: string, fulfillment: string): boolean {
  const expected = Buffer.from(lock.codeHash, 'hex');
  const actual = Buffer.from(pickupCodeHash(entered, orderId, fulfillment), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Until when tries are paused (ISO UTC), or null when the seller may try now. */
export function pausedUntil(lock: PickupLock, at: Date): string | null {
  return lock.pausedUntil !== null && Date.parse(lock.pausedUntil) > at.getTime() ? lock.pausedUntil : null;
}

/**
 * The lock once one more try is counted: the PICKUP_TRIES-th try in a row starts the pause and the count again. Every
 * try is counted before its code is compared, so parallel tries can't be compared more often than the limit allows.
 */
export function afterTry(lock: PickupLock, at: Date): PickupLock {
  const tries = lock.tries + 1;
  if (tries < PICKUP_TRIES) return { ...lock, tries };
  return { ...lock, tries: 0, pausedUntil: new Date(at.getTime() + PICKUP_PAUSE_MINUTES * 60_000).toISOString() };
}
