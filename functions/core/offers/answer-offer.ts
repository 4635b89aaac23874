import { counterMessageText, type Offer } from '../../../shared/domain/offers';
import { NotFoundError } from '../../lib/errors';
import { buyerBalance, refuse, type OfferTerms } from './make-offer';
import { offerRefusalError } from './offer-refusal';
import { amountRefusal, balanceRefusal, countered, isAnswerable, listingRefusal, roleIn } from './offer-rules';
import { conversationOf, moveWithMessage, offerMessage, writeOfferChange } from './offer-write';
import type { OfferDeps } from './ports';

export type OfferAnswer = { kind: 'accept' } | { kind: 'reject' } | ({ kind: 'counter' } & OfferTerms);

/**
 * The receiver of a pending offer answers it (spec: only the non-sender accepts or rejects; decision 033: or
 * counters): its sender gets 403, anyone else 404. Only while it is pending and not past its expiry (the schedule
 * may not have marked it yet); accepting or countering also needs the listing still for sale. Accept and reject write
 * the status and the system message 'Offer {status}'; a counter marks it countered and makes the next round (at most
 * OFFER_MAX_ROUNDS; from the buyer checked against the minimum and their balance like an offer) with its own message
 * and expiry. Each write is conditional on the offer still pending: of two answers racing, one wins, the other 409.
 * Returns the answered offer, or for a counter the new round.
 */
export async function answerOffer(
  userId: string,
  offerId: string,
  answer: OfferAnswer,
  deps: OfferDeps,
): Promise<Offer> {
  const offer = await deps.store.get(offerId);
  const role = offer && roleIn(offer, userId);
  if (!offer || !role) throw new NotFoundError('Offer not found');
  if (role === 'sender') throw offerRefusalError({ code: 'not_receiver' });
  const at = deps.clock.now();
  if (!isAnswerable(offer, at)) throw offerRefusalError({ code: 'not_pending' });
  const c = await conversationOf(offer, deps);
  // A write whose condition failed lost the race: another answer, or the expiry schedule, came first.
  const lost = () => offerRefusalError({ code: 'not_pending' });
  const move = async (status: 'accepted' | 'rejected') => {
    const to = await moveWithMessage(c, offer, status, userId, at, deps);
    if (!to) throw lost();
    return to;
  };

  if (answer.kind === 'reject') return move('rejected');
  const [listing] = await deps.listings.get([offer.listingId]);
  refuse(listingRefusal(listing, at));
  if (answer.kind === 'accept') return move('accepted');

  const fromBuyer = userId === offer.buyerId;
  refuse(amountRefusal(answer.amountCents, fromBuyer, listing!));
  const round = countered(offer, {
    offerId: deps.newId(at),
    senderId: userId,
    amountCents: answer.amountCents,
    expires: answer.expires,
    at,
  });
  if ('code' in round) throw offerRefusalError(round);
  if (fromBuyer) refuse(balanceRefusal(answer.amountCents, await buyerBalance(userId, deps)));
  const { answered, next } = round;
  const content = counterMessageText(next.amountCents, next.expiresAt !== null);
  const message = offerMessage(c, { offerId: next.id, senderId: userId, kind: 'offer', content }, at, deps);
  const change = {
    conversation: c,
    message,
    moved: { from: offer, to: answered },
    created: { offer: next, previous: offer.id },
  };
  if (!(await writeOfferChange(change, deps))) throw lost();
  return next;
}
