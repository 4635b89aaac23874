import { issueSocketTicket } from '../../core/realtime/issue-socket-ticket';
import { issueSocketTicketDeps } from '../../wiring/socket-tickets';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.issueSocketTicket, async (req) =>
  created(await issueSocketTicket(principalOf(req), issueSocketTicketDeps())),
);
