import * as contracts from '../../../../shared/api/realtime';
import { apiSend } from '../../lib/api';

/**
 * The socket URL of a signed-in page: a one-time ticket instead of the session token, which would land in the logs of
 * every proxy the URL passes (decision 078). Loaded with the first signed-in connection.
 */
export async function ticketedSocketUrl(base: string, token: string): Promise<string> {
  const { ticket } = await apiSend(contracts.issueSocketTicket, { body: {}, token });
  return `${base}?${contracts.SOCKET_TICKET_PARAM}=${encodeURIComponent(ticket)}`;
}
