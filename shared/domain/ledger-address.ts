import { isValidClassicAddress } from 'ripple-address-codec';

/**
 * Whether `text` is a classic XRP Ledger address ("r..."), its checksum included: xrpl's own check
 * (`isValidClassicAddress` is xrpl.js's address codec, the package xrpl re-exports it from), light enough for the web.
 */
export function isClassicAddress(text: string): boolean {
  return isValidClassicAddress(text);
}

/** A destination tag is an unsigned 32-bit integer. */
export const MAX_DESTINATION_TAG = 4_294_967_295;
