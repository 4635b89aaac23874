/**
 * What a wallet sign-in shows on both screens (decision 078): the site's name and a short code, on our sign-in dialog
 * and in the wallet's request, so a QR code relayed from another page is recognisable.
 */
export const SITE_NAME = 'RLUSD Marketplace';

/** Letters and digits nobody confuses when reading them off a phone (no 0/O, 1/I/L). */
export const SIGN_IN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SIGN_IN_CODE_LENGTH = 4;
export const SIGN_IN_CODE_PATTERN = new RegExp(`^[${SIGN_IN_CODE_ALPHABET}]{${SIGN_IN_CODE_LENGTH}}$`);
