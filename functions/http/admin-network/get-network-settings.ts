import { getNetworkSettings } from '../../core/admin-network/get-network-settings';
import { getNetworkSettingsDeps } from '../../wiring/admin-network';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getNetworkSettings, async () =>
  ok(await getNetworkSettings(getNetworkSettingsDeps())),
);
