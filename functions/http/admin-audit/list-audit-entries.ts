import { listAuditEntries } from '../../core/admin-audit/list-audit-entries';
import { listAuditEntriesDeps } from '../../wiring/admin-roles';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listAuditEntries, async (req) =>
  ok(await listAuditEntries(req.query, listAuditEntriesDeps())),
);
