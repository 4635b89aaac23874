import type { CaseDeps } from '../core/admin-cases/ports';
import { adminCaseStore } from '../adapters/db/admin-case-store';
import { messageStore } from '../adapters/db/message-store';
import { orderReturnStore } from '../adapters/db/order-return-store';
import { orderStore } from '../adapters/db/order-store';
import { db } from '../adapters/db/service';
import { mediaUrl } from '../adapters/media-url';

/** The admin case queue and a case's reads (decision 068): keyed reads only, photos at their served URLs. */
function caseDeps(): CaseDeps {
  return {
    disputes: adminCaseStore(db()),
    returns: orderReturnStore(db()),
    orders: orderStore(db()),
    messages: messageStore(db()),
    mediaUrl,
  };
}

export const listCasesDeps = caseDeps;
export const getCaseDeps = caseDeps;
