import { getStore } from '../../core/stores/get-store';
import { getStoreDeps } from '../../wiring/stores';
import { httpHandler, ok, optionalPrincipal } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getStore, async (req) => {
  // Public; a signed-in viewer also learns whether they follow the store (decision 058).
  const viewer = await optionalPrincipal(req.event.headers);
  return ok(await getStore(req.params.username, getStoreDeps(), viewer?.userId ?? null));
});
