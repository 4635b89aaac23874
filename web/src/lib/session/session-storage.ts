/**
 * The session kept in localStorage between visits (spec part 1 "Session"). Zod-free: the shell reads it on the first
 * load of every page.
 */
export const SESSION_KEYS = {
  token: 'wallet_session_token',
  expiresAt: 'wallet_session_expires_at',
  walletAddress: 'wallet_address',
} as const;

/** A token with less than this left is not used: the server refuses to refresh it (spec part 1 constants). */
export const SESSION_MIN_REMAINING_MS = 5 * 60 * 1000;

export interface StoredSession {
  token: string;
  expiresAt: string;
}

/** A JWT has three dot-separated parts; anything else in storage is junk (spec part 1 "Wallet and username"). */
function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

/** Whether a session may still be used and refreshed at `now` (epoch ms). */
export function isSessionUsable(session: StoredSession, now: number): boolean {
  const expires = Date.parse(session.expiresAt);
  return looksLikeJwt(session.token) && Number.isFinite(expires) && expires - now > SESSION_MIN_REMAINING_MS;
}

export function saveSession(session: StoredSession, walletAddress: string): void {
  localStorage.setItem(SESSION_KEYS.token, session.token);
  localStorage.setItem(SESSION_KEYS.expiresAt, session.expiresAt);
  localStorage.setItem(SESSION_KEYS.walletAddress, walletAddress);
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
}

/** The saved session if it is still usable; an unusable one is removed so the visitor starts signed out. */
export function readUsableSession(now: number): StoredSession | null {
  const token = localStorage.getItem(SESSION_KEYS.token);
  const expiresAt = localStorage.getItem(SESSION_KEYS.expiresAt);
  if (token === null && expiresAt === null) return null;
  const session = { token: token ?? '', expiresAt: expiresAt ?? '' };
  if (isSessionUsable(session, now)) return session;
  clearSession();
  return null;
}
