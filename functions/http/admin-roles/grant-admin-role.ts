import { grantAdminRole } from '../../core/admin-roles/grant-admin-role';
import { adminRoleDeps } from '../../wiring/admin-roles';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.grantAdminRole, async (req) =>
  ok(await grantAdminRole(principalOf(req).userId, req.params.username, adminRoleDeps())),
);
