import { revokeAdminRole } from '../../core/admin-roles/revoke-admin-role';
import { adminRoleDeps } from '../../wiring/admin-roles';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.revokeAdminRole, async (req) =>
  ok(await revokeAdminRole(principalOf(req).userId, req.params.username, adminRoleDeps())),
);
