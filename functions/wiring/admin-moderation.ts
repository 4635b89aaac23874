import { clock } from '../adapters/clock';
import { moderationStore } from '../adapters/db/moderation-store';
import { db } from '../adapters/db/service';
import { storeListings } from '../adapters/db/store-sweep-listings';
import { eventQueue } from '../adapters/event-queue';
import type { ModerationDeps, SellerVerificationDeps } from '../core/admin-moderation/ports';
import { auditLog } from './audit';

/** The admin Moderation tab (decision 066): hiding pauses a listing as a deactivated store's are. */
export function moderationDeps(): ModerationDeps {
  return {
    store: moderationStore(db()),
    listings: storeListings(db()),
    events: eventQueue,
    audit: auditLog(),
    clock,
  };
}

/** The seller's verified mark (decision 069). */
export function sellerVerificationDeps(): SellerVerificationDeps {
  return { store: moderationStore(db()), audit: auditLog(), clock };
}
