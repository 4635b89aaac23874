import { testApiConnection } from '../../core/admin-api-keys/test-api-connection';
import { connectionChecks } from '../../wiring/admin-api-keys';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.testApiConnection, async (req) =>
  ok(await testApiConnection(req.params.service, connectionChecks())),
);
