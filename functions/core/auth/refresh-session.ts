import type { Session } from '../../../shared/api/auth';
import { SessionRefused, sessionEndOf, sessionRefusal, type Principal, type SessionDeps } from './sessions';
import { issueSessionToken, SESSION_LIFETIME_SECONDS, SESSION_MIN_REMAINING_SECONDS } from './tokens';

/**
 * A new token for the same session; a token with under 5 minutes left is refused (spec part 1 "Session"). The new
 * token ends no later than the session's absolute end (decision 078); once a refresh can't move the expiry past the
 * current token's, the session is over and the browser signs in again.
 */
export async function refreshSession(p: Principal, deps: Omit<SessionDeps, 'newId'>): Promise<Session> {
  const at = deps.clock.now();
  if (p.tokenExpiresAt.getTime() - at.getTime() < SESSION_MIN_REMAINING_SECONDS * 1000) {
    throw new SessionRefused('too_close_to_expiry');
  }
  const record = await deps.sessions.get(p.sessionId);
  if (!record) throw new SessionRefused('unknown_session');
  const refusal = sessionRefusal(record, at);
  if (refusal) throw new SessionRefused(refusal);
  const lifetime = Math.floor((sessionEndOf(record) - at.getTime()) / 1000);
  const { token, expiresAt } = await issueSessionToken(p, await deps.key(), at, lifetime);
  // Near the end a refresh can't extend anything: refused, so a browser renewing early doesn't renew in a loop.
  if (lifetime < SESSION_LIFETIME_SECONDS && expiresAt.getTime() <= p.tokenExpiresAt.getTime()) {
    throw new SessionRefused('lifetime_over');
  }
  if (!(await deps.sessions.extend(p.sessionId, expiresAt.toISOString()))) throw new SessionRefused('revoked');
  return { token, expiresAt: expiresAt.toISOString() };
}
