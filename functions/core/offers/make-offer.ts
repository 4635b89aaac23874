import type { Cents } from '../../../shared/domain/money';
import { offerMessageText, type Offer } from '../../../shared/domain/offers';
import { UnauthorizedError, UpstreamError } from '../../lib/errors';
import { partySide } from '../messages/conversation-view';
import { offerRefusalError, type OfferRefusal } from './offer-refusal';
import { amountRefusal, balanceRefusal, firstOffer, openThreadRefusal, takesOffersRefusal } from './offer-rules';
import { offerMessage, writeOfferChange } from './offer-write';
import type { OfferDeps } from './ports';

/** What an offer or counter names: the amount (any number: the rules refuse bad ones) and the 24-hour expiry toggle. */
export interface OfferTerms {
  amountCents: number;
  expires: boolean;
}

export function refuse(refusal: OfferRefusal | null): void {
  if (refusal) throw offerRefusalError(refusal);
}

/** The buyer's RLUSD balance, read from the ledger by the server (never taken from the browser). */
export async function buyerBalance(userId: string, deps: Pick<OfferDeps, 'wallet' | 'balanceCents'>): Promise<Cents> {
  const wallet = await deps.wallet(userId);
  if (!wallet) throw new UnauthorizedError();
  try {
    return await deps.balanceCents(wallet);
  } catch {
    throw new UpstreamError('unavailable', 'ledger_unavailable', 'Could not read your balance from the XRP Ledger');
  }
}

/**
 * Make Offer (spec part 1 "Offer", part 2 "Offers"; decision 033): only the buyer of a conversation about a
 * fixed-price listing that takes offers and is still for sale (the seller: 'Cannot Make Offer on Own Item'; anyone
 * else: 404); a positive whole number of cents, at least the seller's minimum (never revealed), at most the buyer's
 * RLUSD balance; not while the conversation's thread is live. The offer, its 'Made an offer of $X' message and the
 * conversation's current offer are written in one transaction; both parties hear of it live, the seller by an 'offer'
 * notification too.
 */
export async function makeOffer(
  userId: string,
  conversationId: string,
  terms: OfferTerms,
  deps: OfferDeps,
): Promise<Offer> {
  const { c } = partySide(await deps.messages.conversation(conversationId), userId);
  if (userId !== c.buyerId) throw offerRefusalError({ code: 'own_item' });
  const listingId = c.listingId;
  if (listingId === null) throw offerRefusalError({ code: 'offers_not_accepted' });
  const at = deps.clock.now();
  const [[listing], current] = await Promise.all([
    deps.listings.get([listingId]),
    c.currentOfferId ? deps.store.get(c.currentOfferId) : null,
  ]);
  refuse(
    takesOffersRefusal(listing, at) ??
      amountRefusal(terms.amountCents, true, listing!) ??
      openThreadRefusal(current, at),
  );
  refuse(balanceRefusal(terms.amountCents, await buyerBalance(userId, deps)));

  const offer = firstOffer(
    { conversationId, listingId, buyerId: c.buyerId, sellerId: c.sellerId },
    { offerId: deps.newId(at), senderId: userId, amountCents: terms.amountCents, expires: terms.expires, at },
  );
  const content = offerMessageText(offer.amountCents, offer.expiresAt !== null);
  const message = offerMessage(c, { offerId: offer.id, senderId: userId, kind: 'offer', content }, at, deps);
  const previous = c.currentOfferId ?? null;
  // Another offer was made in the conversation since it was read (a second tab): that one stands.
  if (!(await writeOfferChange({ conversation: c, message, created: { offer, previous } }, deps))) {
    throw offerRefusalError({ code: 'offer_open', accepted: false });
  }
  return offer;
}
