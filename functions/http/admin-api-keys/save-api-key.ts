import { saveApiKey } from '../../core/admin-api-keys/save-api-key';
import { saveApiKeyDeps } from '../../wiring/admin-api-keys';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.saveApiKey, async (req) =>
  ok(await saveApiKey(principalOf(req).userId, req.params.name, req.body.value, saveApiKeyDeps())),
);
