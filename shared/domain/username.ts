/**
 * Username and wallet address rules (spec part 1 "Wallet and username" and business constants). Browser and server use
 * the same checks.
 */
export const USERNAME_MIN_LENGTH = 3;
/** "fewer than 30 characters". */
export const USERNAME_MAX_LENGTH = 29;
/** The Create Your Username dialog's input allows fewer characters than the rule. */
export const USERNAME_INPUT_MAX_LENGTH = 20;
export const RESERVED_USERNAMES = ['admin', 'root', 'system', 'api', 'null', 'undefined'] as const;

export const USERNAME_MESSAGES = {
  required: 'Username is required',
  tooShort: 'Username must be at least 3 characters long',
  tooLong: 'Username must be less than 30 characters long',
  characters: 'Username can only contain letters, numbers, and underscores',
  reserved: 'Username is reserved',
  /** What the dialog shows under 3 characters. */
  dialogTooShort: 'Username must be at least 3 characters',
  available: 'Username is available!',
  taken: 'Username is already taken',
} as const;

export type UsernameCheck = { ok: true; username: string } | { ok: false; message: string };

/** Checks a username after trimming, with the spec's messages in the spec's order. */
export function checkUsername(raw: string): UsernameCheck {
  const username = raw.trim();
  if (username === '') return { ok: false, message: USERNAME_MESSAGES.required };
  if (username.length < USERNAME_MIN_LENGTH) return { ok: false, message: USERNAME_MESSAGES.tooShort };
  if (username.length > USERNAME_MAX_LENGTH) return { ok: false, message: USERNAME_MESSAGES.tooLong };
  if (!/^[A-Za-z0-9_]+$/.test(username)) return { ok: false, message: USERNAME_MESSAGES.characters };
  if ((RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase())) {
    return { ok: false, message: USERNAME_MESSAGES.reserved };
  }
  return { ok: true, username };
}

/** The key uniqueness is enforced on: usernames are unique regardless of case. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export const WALLET_ADDRESS_MESSAGE = 'Invalid wallet address format';

/** 'r' then 24 to 34 letters or digits, after trimming (the spec's format check; the ledger adapter checks the checksum). */
export function isWalletAddressFormat(raw: string): boolean {
  return /^r[A-Za-z0-9]{24,34}$/.test(raw.trim());
}

/** The account panel's short form: first 6 and last 4 characters. */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}
