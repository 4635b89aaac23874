import { saveNetworkSettings } from '../../core/admin-network/save-network-settings';
import { saveNetworkSettingsDeps } from '../../wiring/admin-network';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.saveNetworkSettings, async (req) =>
  ok(await saveNetworkSettings(principalOf(req).userId, req.body, saveNetworkSettingsDeps())),
);
