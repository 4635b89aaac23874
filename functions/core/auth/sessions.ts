import type { CurrentUser, Session } from '../../../shared/api/auth';
import { UnauthorizedError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { AccountStore, SessionStore, UserRecord } from './ports';
import type { SessionRecord } from './ports';
import {
  issueSessionToken,
  SESSION_ABSOLUTE_LIFETIME_SECONDS,
  TokenRefused,
  verifySessionToken,
  type TokenRefusal,
} from './tokens';

export interface SessionDeps {
  sessions: SessionStore;
  key: () => Promise<Uint8Array>;
  /** The signing key read again past its cache when it changed since (a rotation), else null. */
  rereadKey?: () => Promise<Uint8Array | null>;
  newId: () => string;
  clock: Clock;
}

/** Who a `user` route is serving, from a checked token and a live session record. */
export interface Principal {
  userId: string;
  sessionId: string;
  tokenExpiresAt: Date;
}

/** Every refusal reads the same to the caller; the reason is for logs. */
export class SessionRefused extends UnauthorizedError {
  constructor(readonly reason: TokenRefusal | 'revoked' | 'unknown_session' | 'too_close_to_expiry' | 'lifetime_over') {
    super(
      reason === 'too_close_to_expiry'
        ? 'Session expires too soon to refresh; sign in again'
        : reason === 'lifetime_over'
          ? 'Sessions last 30 days; sign in again'
          : 'Sign in to continue',
    );
  }
}

/** When a session ends however often it is refreshed: 30 days after its sign-in (decision 078). */
export const sessionEndOf = (record: Pick<SessionRecord, 'createdAt'>): number =>
  Date.parse(record.createdAt) + SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000;

/** Why a session record no longer admits anyone at `at`, or null while it is live (not revoked, not expired). */
export function sessionRefusal(
  record: Pick<SessionRecord, 'createdAt' | 'expiresAt' | 'revokedAt'>,
  at: Date,
): 'revoked' | 'expired' | 'lifetime_over' | null {
  if (record.revokedAt) return 'revoked';
  if (Date.parse(record.expiresAt) <= at.getTime()) return 'expired';
  if (sessionEndOf(record) <= at.getTime()) return 'lifetime_over';
  return null;
}

export async function openSession(userId: string, deps: SessionDeps): Promise<Session> {
  const sessionId = deps.newId();
  const at = deps.clock.now();
  const { token, expiresAt } = await issueSessionToken({ userId, sessionId }, await deps.key(), at);
  await deps.sessions.create({
    sessionId,
    userId,
    createdAt: at.toISOString(),
    expiresAt: expiresAt.toISOString(),
    revokedAt: null,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * A token's claims under the current key. A signature the cached key refuses may be from a key rotated since (another
 * container already has it): the key is read again once, so new tokens work everywhere at once (decision 008).
 */
async function verifyWithCurrentKey(token: string, at: Date, deps: Omit<SessionDeps, 'newId'>) {
  try {
    return await verifySessionToken(token, await deps.key(), at);
  } catch (error) {
    if (!(error instanceof TokenRefused) || error.reason !== 'invalid' || !deps.rereadKey) throw error;
    const rotated = await deps.rereadKey();
    if (!rotated) throw error;
    return verifySessionToken(token, rotated, at);
  }
}

/** A token's verified claims: whose it is and which session it names (not yet known to be live). */
export interface VerifiedClaims {
  userId: string;
  sessionId: string;
}

/**
 * The bearer token of a request -> its principal, or SessionRefused. `alongside` runs with the token's verified claims
 * just as the session is read, so a route can start its own reads in the same request to the table (decision 036);
 * what it reads is for that user only once this resolves to them.
 */
export async function authenticate(
  token: string,
  deps: Omit<SessionDeps, 'newId'>,
  alongside?: (claims: VerifiedClaims) => void,
): Promise<Principal> {
  const at = deps.clock.now();
  let claims;
  try {
    claims = await verifyWithCurrentKey(token, at, deps);
  } catch (error) {
    if (error instanceof TokenRefused) throw new SessionRefused(error.reason);
    throw error;
  }
  const reading = deps.sessions.get(claims.sessionId);
  alongside?.({ userId: claims.userId, sessionId: claims.sessionId });
  const session = await reading;
  if (!session || session.userId !== claims.userId) throw new SessionRefused('unknown_session');
  const refusal = sessionRefusal(session, at);
  if (refusal) throw new SessionRefused(refusal);
  return { userId: claims.userId, sessionId: claims.sessionId, tokenExpiresAt: claims.expiresAt };
}

export async function currentUser(
  user: UserRecord,
  accounts: Pick<AccountStore, 'profileFlags'>,
  mediaUrl: (key: string) => string,
): Promise<CurrentUser> {
  const flags = await accounts.profileFlags(user.userId);
  return {
    id: user.userId,
    username: user.username,
    walletAddress: user.walletAddress,
    role: user.role,
    isSeller: flags.isSeller,
    avatarUrl: flags.avatarKey ? mediaUrl(flags.avatarKey) : null,
  };
}
