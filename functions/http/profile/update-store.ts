import { db } from '../../adapters/db/service';
import { storeSettingsStore } from '../../adapters/db/store-settings-store';
import { photoStore } from '../../adapters/photo-store';
import { mediaUrl } from '../../adapters/media-url';
import { updateStoreSettings } from '../../core/profile/store-settings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.updateStore, async (req) =>
  ok(
    await updateStoreSettings(principalOf(req).userId, req.body, {
      store: storeSettingsStore(db()),
      photos: photoStore,
      mediaUrl,
      now: () => new Date(),
    }),
  ),
);
