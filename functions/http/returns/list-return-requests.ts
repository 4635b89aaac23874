import { listReturnRequests } from '../../core/returns/list-return-requests';
import { listReturnRequestsDeps } from '../../wiring/returns';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listReturnRequests, async (req) =>
  ok(await listReturnRequests(principalOf(req).userId, req.query, listReturnRequestsDeps())),
);
