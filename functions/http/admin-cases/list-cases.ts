import { listCases } from '../../core/admin-cases/list-cases';
import { listCasesDeps } from '../../wiring/admin-cases';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listCases, async () => ok(await listCases(listCasesDeps())));
