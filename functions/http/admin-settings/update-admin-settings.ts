import { updateAdminSettings } from '../../core/admin-settings/update-admin-settings';
import { updateAdminSettingsDeps } from '../../wiring/admin-settings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.updateAdminSettings, async (req) =>
  ok(await updateAdminSettings(principalOf(req).userId, req.body, updateAdminSettingsDeps())),
);
