import { listEscrows } from '../../core/admin-escrow/list-escrows';
import { listEscrowsDeps } from '../../wiring/admin-escrow';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listEscrows, async (req) =>
  ok(await listEscrows(req.query, listEscrowsDeps())),
);
