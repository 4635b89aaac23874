import { TooManyRequestsError } from '../../lib/errors';
import type { RateLimitStore } from './ports';

/**
 * Every rate limit, per fixed window, in one place: per source IP (sign-in routes, search) or per user (`user:<id>`:
 * sending messages, starting conversations).
 */
export const RATE_LIMITS = {
  startSignIn: { limit: 10, windowSeconds: 60 },
  completeSignIn: { limit: 20, windowSeconds: 60 },
  // Unauthenticated status polls (decision 078): a browser without a socket asks every 5 s, 12 a minute per request;
  // one address may follow a few dozen sign-ins (a NAT), one request no more than once a second on average.
  signInStatusPerAddress: { limit: 300, windowSeconds: 60 },
  signInStatusPerRequest: { limit: 60, windowSeconds: 60 },
  // One check per keystroke from the third character on.
  checkUsername: { limit: 60, windowSeconds: 60 },
  createAccount: { limit: 10, windowSeconds: 60 },
  // A search reads postings and up to 500 cards (decision 014); people search on Enter, several behind one address.
  searchListings: { limit: 120, windowSeconds: 60 },
  // Per user: a person chatting sends a few a minute; a script flooding sellers' inboxes stops at this.
  sendMessage: { limit: 30, windowSeconds: 60 },
  // Per user, counted only when a conversation is made (finding one is free): Contact Seller on 20 new items a minute.
  startConversation: { limit: 20, windowSeconds: 60 },
  // Per user, counted only when a wallet request is opened (a refused send is free): each is a payload at Xaman.
  sendFunds: { limit: 10, windowSeconds: 60 },
  // Per user; the limit is the administrators' upcRateLimitPerMinute (decision 069), this the spec's default.
  lookupProducts: { limit: 60, windowSeconds: 60 },
  // Per user: each import fetches up to 5 MB from another host and stores it (decision 078).
  importListingPhoto: { limit: 30, windowSeconds: 60 },
} as const satisfies Record<string, { limit: number; windowSeconds: number }>;
export type RateLimitedAction = keyof typeof RATE_LIMITS;

export interface RateWindow {
  key: string;
  /** Epoch seconds at which the window started (a multiple of its length). */
  windowStart: number;
  /** Seconds until the next window starts (at least 1). */
  retryAfterSeconds: number;
  /** When the counter may be deleted (TTL): a window after its end, so a late read never sees a reset counter early. */
  expiresAt: number;
}

/** `subject`: the source IP, or `user:<id>` for a per-user limit. */
export function rateWindow(action: RateLimitedAction, subject: string, at: Date): RateWindow {
  const { windowSeconds } = RATE_LIMITS[action];
  const nowSeconds = at.getTime() / 1000;
  const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  const end = windowStart + windowSeconds;
  return {
    key: `${action}#${subject}`,
    windowStart,
    retryAfterSeconds: Math.max(1, Math.ceil(end - nowSeconds)),
    expiresAt: end + windowSeconds,
  };
}

export class RateLimited extends TooManyRequestsError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many requests, try again in ${retryAfterSeconds} s`,
  ) {
    super(message);
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

/**
 * Counts one request; throws RateLimited (429 with retry-after) once the window's limit is reached. A limit an
 * administrator sets (`override`) replaces the one above, with its own words.
 */
export async function enforceRateLimit(
  store: RateLimitStore,
  action: RateLimitedAction,
  subject: string,
  at: Date,
  override?: { limit: number; message(retryAfterSeconds: number): string },
): Promise<void> {
  const w = rateWindow(action, subject, at);
  if (!(await store.hit(w.key, w.windowStart, override?.limit ?? RATE_LIMITS[action].limit, w.expiresAt))) {
    throw new RateLimited(w.retryAfterSeconds, override?.message(w.retryAfterSeconds));
  }
}
