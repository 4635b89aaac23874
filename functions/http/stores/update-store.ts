import { updateStore } from '../../core/stores/update-store';
import { updateStoreDeps } from '../../wiring/stores';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.updateStore, async (req) =>
  ok(await updateStore(principalOf(req).userId, req.body, updateStoreDeps())),
);
