import { getSellerSettings } from '../../core/seller-settings/get-seller-settings';
import { getSellerSettingsDeps } from '../../wiring/seller-settings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getSellerSettings, async (req) =>
  ok(await getSellerSettings(principalOf(req).userId, getSellerSettingsDeps())),
);
