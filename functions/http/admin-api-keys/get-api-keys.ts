import { getApiKeys } from '../../core/admin-api-keys/get-api-keys';
import { apiKeyStatusDeps } from '../../wiring/admin-api-keys';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getApiKeys, async () => ok(await getApiKeys(apiKeyStatusDeps())));
