import { sessionStore } from '../adapters/db/session-store';
import { db } from '../adapters/db/service';
import { socketTicketStore } from '../adapters/db/socket-ticket-store';
import type { AuthorizeConnectionDeps } from '../core/realtime/authorize-connection';
import { systemClock } from '../core/clock/clock';

/*
 * The socket ticket's two ends (decision 078), apart from ./realtime so the $connect authorizer bundles only the table.
 * Tickets and sessions are judged by real time, as every session is (./auth).
 */

export function authorizeConnectionDeps(): AuthorizeConnectionDeps {
  return { tickets: socketTicketStore(db()), sessions: sessionStore(db()), clock: systemClock };
}

export function issueSocketTicketDeps() {
  return { tickets: socketTicketStore(db()), clock: systemClock };
}
