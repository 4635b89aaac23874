import { saveSellerSettings } from '../../core/seller-settings/save-seller-settings';
import { saveSellerSettingsDeps } from '../../wiring/seller-settings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.saveSellerSettings, async (req) =>
  ok(await saveSellerSettings(principalOf(req).userId, req.body, saveSellerSettingsDeps())),
);
