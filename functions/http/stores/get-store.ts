import { db } from '../../adapters/db/service';
import { storePageStore } from '../../adapters/db/store-page-store';
import { mediaUrl } from '../../adapters/media-url';
import { getStorePage } from '../../core/listings/store-page';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getStore, async (req) =>
  ok(await getStorePage(req.params.username, storePageStore(db()), mediaUrl)),
);
