import { UnauthorizedError } from '../../lib/errors';
import type { SessionStore } from '../auth/ports';
import type { Clock } from '../clock/clock';
import { ticketHash } from './issue-socket-ticket';
import { liveSessionIds } from './live-sessions';
import type { SocketTicketStore } from './ports';

/** Every refusal reads the same to the caller; the reason is for logs. */
export class SocketTicketRefused extends UnauthorizedError {
  constructor(readonly reason: 'token_in_url' | 'unknown_or_used' | 'expired' | 'session_ended') {
    super('Sign in to continue');
  }
}

export interface AuthorizeConnectionDeps {
  tickets: SocketTicketStore;
  sessions: Pick<SessionStore, 'get'>;
  clock: Clock;
}

/**
 * The $connect authorizer's rule (decision 078): a socket without a ticket is anonymous (null: browsing is public, and
 * it can follow a sign-in it started). A ticket is used up by reading it (a replay finds nothing) and, if unexpired and
 * its session is still live, attaches the user and session to the connection. A session token in the URL is refused:
 * URLs are logged. `deps` is built only when a ticket is sent: an anonymous socket needs nothing from the table.
 */
export async function authorizeConnection(
  query: { ticket?: string; token?: string },
  deps: () => AuthorizeConnectionDeps,
): Promise<{ userId: string; sessionId: string } | null> {
  if (query.token !== undefined) throw new SocketTicketRefused('token_in_url');
  if (query.ticket === undefined || query.ticket === '') return null;
  const { tickets, sessions, clock } = deps();
  const taken = await tickets.take(ticketHash(query.ticket));
  if (!taken) throw new SocketTicketRefused('unknown_or_used');
  const at = clock.now();
  if (Date.parse(taken.expiresAt) <= at.getTime()) throw new SocketTicketRefused('expired');
  if (!(await liveSessionIds([taken.sessionId], sessions, at)).has(taken.sessionId)) {
    throw new SocketTicketRefused('session_ended');
  }
  return { userId: taken.userId, sessionId: taken.sessionId };
}
