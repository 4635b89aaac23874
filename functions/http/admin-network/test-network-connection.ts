import { testNetworkConnection } from '../../core/admin-network/test-network-connection';
import { testNetworkConnectionDeps } from '../../wiring/admin-network';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.testNetworkConnection, async (req) =>
  ok(await testNetworkConnection(req.body.url, testNetworkConnectionDeps())),
);
