import { getAdminSettings } from '../../core/admin-settings/get-admin-settings';
import { getAdminSettingsDeps } from '../../wiring/admin-settings';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getAdminSettings, async () =>
  ok(await getAdminSettings(getAdminSettingsDeps())),
);
