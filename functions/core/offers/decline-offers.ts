import { conversationOf, moveWithMessage } from './offer-write';
import type { OfferDeps } from './ports';

type DeclineDeps = Pick<OfferDeps, 'store' | 'messages' | 'listings' | 'events' | 'warn' | 'newId' | 'clock'>;

/**
 * A listing left sale (decision 033; the listing.closed event: sold out, or ended by its seller): every offer still
 * open on it (pending, or accepted and not bought) becomes declined with the system message 'Offer declined' from the
 * seller, and the buyer gets an 'offer' notification. Safe to run twice: each write is conditional on the offer as
 * read, a declined one is no longer open. A listing that is for sale again (units added) declines nothing. Throws when
 * any decline failed, so the event comes back and the rest is retried.
 */
export async function declineOpenOffers(listingId: string, deps: DeclineDeps) {
  const [listing] = await deps.listings.get([listingId]);
  if (listing && listing.status === 'active' && listing.quantitySold < listing.quantity) {
    return { declined: 0, skipped: 0 };
  }
  const at = deps.clock.now();
  let declined = 0;
  let skipped = 0;
  let failed: unknown = null;
  for (const offer of await deps.store.openOnListing(listingId)) {
    try {
      const c = await conversationOf(offer, deps);
      if (await moveWithMessage(c, offer, 'declined', offer.sellerId, at, deps)) declined++;
      else skipped++;
    } catch (error) {
      failed = error;
    }
  }
  if (failed) throw failed;
  return { declined, skipped };
}
