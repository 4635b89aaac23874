import { getCase } from '../../core/admin-cases/get-case';
import { getCaseDeps } from '../../wiring/admin-cases';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getCase, async (req) => ok(await getCase(req.params.orderId, getCaseDeps())));
