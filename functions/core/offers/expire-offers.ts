import { offerReceiverId } from '../../../shared/domain/offers';
import { conversationOf, moveWithMessage } from './offer-write';
import type { OfferDeps } from './ports';

/** Offers read from the expiry index at a time; a run reads at most EXPIRY_PAGES of them. */
export const EXPIRY_BATCH = 100;
export const EXPIRY_PAGES = 10;

export type ExpiryRun = {
  expired: number;
  /** No longer pending when written (answered meanwhile; the index lags a write by moments). */
  skipped: number;
  failed: number;
};

type ExpiryDeps = Pick<OfferDeps, 'store' | 'messages' | 'events' | 'warn' | 'newId'>;

/**
 * The expiry schedule (spec part 2: offers expire 24 hours after they are made when the toggle is on): pending offers
 * whose expiry is before the run's time `at`, read from the sparse expiry index (no scan), become expired with the system message
 * 'Offer expired' from their receiver; the sender gets an 'offer' notification. Safe to run twice: each write is
 * conditional on the offer still pending, and an expired offer leaves the index. Answers after the expiry are refused
 * by the answer rules whether or not this has run.
 */
export async function expireOffers(at: Date, deps: ExpiryDeps): Promise<ExpiryRun> {
  const run: ExpiryRun = { expired: 0, skipped: 0, failed: 0 };
  const seen = new Set<string>();
  for (let page = 0; page < EXPIRY_PAGES; page++) {
    const due = (await deps.store.pendingDue(at.toISOString(), EXPIRY_BATCH)).filter((o) => !seen.has(o.id));
    if (due.length === 0) break;
    for (const offer of due) {
      seen.add(offer.id);
      try {
        const c = await conversationOf(offer, deps);
        if (await moveWithMessage(c, offer, 'expired', offerReceiverId(offer), at, deps)) run.expired++;
        else run.skipped++;
      } catch (error) {
        run.failed++;
        deps.warn(`offer ${offer.id} not expired`, error);
      }
    }
  }
  return run;
}
