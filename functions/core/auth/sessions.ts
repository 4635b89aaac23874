import type { CurrentUser, Session } from '../../../shared/api/auth';
import { UnauthorizedError } from '../../lib/errors';
import type { AccountStore, SessionStore, UserRecord } from './ports';
import {
  issueSessionToken,
  SESSION_MIN_REMAINING_SECONDS,
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
  now: Date;
}

/** Who a `user` route is serving, from a checked token and a live session record. */
export interface Principal {
  userId: string;
  sessionId: string;
  tokenExpiresAt: Date;
}

/** Every refusal reads the same to the caller; the reason is for logs. */
export class SessionRefused extends UnauthorizedError {
  constructor(readonly reason: TokenRefusal | 'revoked' | 'unknown_session' | 'too_close_to_expiry') {
    super(
      reason === 'too_close_to_expiry' ? 'Session expires too soon to refresh; sign in again' : 'Sign in to continue',
    );
  }
}

export async function openSession(userId: string, deps: SessionDeps): Promise<Session> {
  const sessionId = deps.newId();
  const { token, expiresAt } = await issueSessionToken({ userId, sessionId }, await deps.key(), deps.now);
  await deps.sessions.create({
    sessionId,
    userId,
    createdAt: deps.now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    revokedAt: null,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * A token's claims under the current key. A signature the cached key refuses may be from a key rotated since (another
 * container already has it): the key is read again once, so new tokens work everywhere at once (decision 008).
 */
async function verifyWithCurrentKey(token: string, deps: Omit<SessionDeps, 'newId'>) {
  try {
    return await verifySessionToken(token, await deps.key(), deps.now);
  } catch (error) {
    if (!(error instanceof TokenRefused) || error.reason !== 'invalid' || !deps.rereadKey) throw error;
    const rotated = await deps.rereadKey();
    if (!rotated) throw error;
    return verifySessionToken(token, rotated, deps.now);
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
  let claims;
  try {
    claims = await verifyWithCurrentKey(token, deps);
  } catch (error) {
    if (error instanceof TokenRefused) throw new SessionRefused(error.reason);
    throw error;
  }
  const reading = deps.sessions.get(claims.sessionId);
  alongside?.({ userId: claims.userId, sessionId: claims.sessionId });
  const session = await reading;
  if (!session || session.userId !== claims.userId) throw new SessionRefused('unknown_session');
  if (session.revokedAt) throw new SessionRefused('revoked');
  if (Date.parse(session.expiresAt) <= deps.now.getTime()) throw new SessionRefused('expired');
  return { userId: claims.userId, sessionId: claims.sessionId, tokenExpiresAt: claims.expiresAt };
}

/** A new token for the same session; a token with under 5 minutes left is refused (spec part 1 "Session"). */
export async function refreshSession(p: Principal, deps: Omit<SessionDeps, 'newId'>): Promise<Session> {
  if (p.tokenExpiresAt.getTime() - deps.now.getTime() < SESSION_MIN_REMAINING_SECONDS * 1000) {
    throw new SessionRefused('too_close_to_expiry');
  }
  const { token, expiresAt } = await issueSessionToken(p, await deps.key(), deps.now);
  if (!(await deps.sessions.extend(p.sessionId, expiresAt.toISOString()))) throw new SessionRefused('revoked');
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function signOut(p: Principal, deps: Pick<SessionDeps, 'sessions' | 'now'>): Promise<void> {
  await deps.sessions.revoke(p.sessionId, deps.now.toISOString());
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
