import { listAdmins } from '../../core/admin-roles/list-admins';
import { adminRoleDeps } from '../../wiring/admin-roles';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listAdmins, async () => ok(await listAdmins(adminRoleDeps())));
