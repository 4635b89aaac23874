/**
 * A local pickup's one-time code (decision 040): digits only, so it is read aloud and typed on any phone keypad; shown
 * in two groups of four, entered with or without the space.
 */
export const PICKUP_CODE_DIGITS = 8;

/** The fragment key a pickup QR code carries the code in: a fragment never reaches a server or its access logs. */
export const PICKUP_CODE_FRAGMENT = 'pickup';

/** What the seller typed as a code (spaces and dashes dropped), or null when it cannot be one. */
export function normalizePickupCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '');
  return new RegExp(`^[0-9]{${PICKUP_CODE_DIGITS}}$`).test(code) ? code : null;
}

/** '12345678' -> '1234 5678'. */
export function formatPickupCode(code: string): string {
  return `${code.slice(0, 4)} ${code.slice(4)}`;
}

/** The seller's page of the order with the code filled in, which the buyer's QR code opens on the seller's phone. */
export function pickupCodeUrl(origin: string, orderId: string, code: string): string {
  return `${origin}/purchased/${encodeURIComponent(orderId)}#${PICKUP_CODE_FRAGMENT}=${code}`;
}

/** The code a page's fragment carries ('#pickup=12345678'), or null. */
export function pickupCodeFromHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(PICKUP_CODE_FRAGMENT);
  return value === null ? null : normalizePickupCode(value);
}

export const PICKUP_CODE_MESSAGES = {
  format: `The pickup code has ${PICKUP_CODE_DIGITS} digits.`,
  wrong: "This is not the buyer's pickup code.",
} as const;
