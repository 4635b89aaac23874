import { createHash, randomBytes } from 'node:crypto';
import { SOCKET_TICKET_SECONDS, type SocketTicket } from '../../../shared/api/realtime';
import type { Clock } from '../clock/clock';
import type { SocketTicketStore } from './ports';

/** Tickets are stored by this hash: a table read never yields a usable ticket. */
export const ticketHash = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('hex');

/**
 * A one-time ticket that opens the socket as the caller, in the caller's session, within 30 s (decision 078): the
 * socket URL carries it instead of the session token.
 */
export async function issueSocketTicket(
  principal: { userId: string; sessionId: string },
  deps: { tickets: SocketTicketStore; clock: Clock },
): Promise<SocketTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.clock.now().getTime() + SOCKET_TICKET_SECONDS * 1000).toISOString();
  await deps.tickets.save({ ticketHash: ticketHash(ticket), ...principal, expiresAt });
  return { ticket, expiresAt };
}
