import { getStore } from '../../core/stores/get-store';
import { getStoreDeps } from '../../wiring/stores';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getStore, async (req) =>
  ok(await getStore(req.params.username, getStoreDeps())),
);
