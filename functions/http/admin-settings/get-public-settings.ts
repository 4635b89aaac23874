import { getPublicSettings } from '../../core/admin-settings/get-public-settings';
import { platformSettings } from '../../wiring/admin-settings';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

// Every page asks: browsers and the CDN may keep the answer as long as the functions do.
export const handler = httpHandler(routes.getPublicSettings, async () =>
  ok(await getPublicSettings(platformSettings()), { 'cache-control': 'public, max-age=15' }),
);
