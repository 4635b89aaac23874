import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * A one-time ticket to open the socket as the signed-in user (decision 078): the socket URL carries it instead of the
 * session token, since URLs land in CloudFront and API Gateway logs. It works once, within SOCKET_TICKET_SECONDS.
 */
export const SOCKET_TICKET_SECONDS = 30;

/** The socket URL's query parameter that carries a ticket. */
export const SOCKET_TICKET_PARAM = 'ticket';

export const socketTicketSchema = z.object({
  ticket: z.string(),
  expiresAt: z.string(),
});
export type SocketTicket = z.infer<typeof socketTicketSchema>;

export const issueSocketTicket = defineContract({
  method: 'POST',
  path: '/api/realtime/tickets',
  body: z.strictObject({}),
  response: socketTicketSchema,
});
