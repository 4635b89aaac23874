import type { Session } from '../../../shared/api/auth';
import { SessionRefused, type Principal, type SessionDeps } from './sessions';
import { issueSessionToken, SESSION_MIN_REMAINING_SECONDS } from './tokens';

/** A new token for the same session; a token with under 5 minutes left is refused (spec part 1 "Session"). */
export async function refreshSession(p: Principal, deps: Omit<SessionDeps, 'newId'>): Promise<Session> {
  const at = deps.clock.now();
  if (p.tokenExpiresAt.getTime() - at.getTime() < SESSION_MIN_REMAINING_SECONDS * 1000) {
    throw new SessionRefused('too_close_to_expiry');
  }
  const { token, expiresAt } = await issueSessionToken(p, await deps.key(), at);
  if (!(await deps.sessions.extend(p.sessionId, expiresAt.toISOString()))) throw new SessionRefused('revoked');
  return { token, expiresAt: expiresAt.toISOString() };
}
