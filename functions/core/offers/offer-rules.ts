import type { Cents } from '../../../shared/domain/money';
import {
  ACCEPTED_OFFER_VALID_MS,
  OFFER_EXPIRY_MS,
  OFFER_MAX_ROUNDS,
  offerReceiverId,
  type Offer,
  type OfferStatus,
} from '../../../shared/domain/offers';
import { availableUnits, type SaleListing } from '../cart/sale-listing';
import type { OfferRefusal } from './offer-refusal';

/**
 * The offer rules (decision 033), pure: the time, the listing and the balance are inputs.
 *
 * A thread starts with the buyer's offer (round 1, pending). Its receiver (the party who did not send it) accepts,
 * rejects or counters it; a counter marks it countered and is the next round, pending for the other side, up to
 * OFFER_MAX_ROUNDS rounds. A pending offer past its expiry is expired; a pending or accepted-but-unbought offer is
 * declined when the listing sells out. Every other status is final.
 */
const MOVES: Record<OfferStatus, readonly OfferStatus[]> = {
  pending: ['accepted', 'rejected', 'countered', 'expired', 'declined'],
  accepted: ['declined'],
  rejected: [],
  countered: [],
  expired: [],
  declined: [],
};

export const canMove = (from: OfferStatus, to: OfferStatus) => MOVES[from].includes(to);

/** When an offer made at `at` expires: 24 hours later with the toggle on (spec part 2), never with it off. */
export const expiresAtOf = (at: Date, expires: boolean): string | null =>
  expires ? new Date(at.getTime() + OFFER_EXPIRY_MS).toISOString() : null;

export const isExpired = (o: Pick<Offer, 'expiresAt'>, at: Date) =>
  o.expiresAt !== null && Date.parse(o.expiresAt) <= at.getTime();

/** Waiting for an answer: pending and not past its expiry, whether or not the schedule has marked it yet. */
export const isAnswerable = (o: Pick<Offer, 'status' | 'expiresAt'>, at: Date) =>
  o.status === 'pending' && !isExpired(o, at);

/** An accepted offer its buyer may still check out at its price: not bought, before its buy-by time. */
export const isBuyable = (o: Pick<Offer, 'status' | 'orderId' | 'buyBy'>, at: Date) =>
  o.status === 'accepted' && o.orderId === null && o.buyBy !== null && Date.parse(o.buyBy) > at.getTime();

/** Who may answer the offer, and whether `userId` is one of its two parties at all. */
export function roleIn(o: Offer, userId: string): 'receiver' | 'sender' | null {
  if (userId !== o.buyerId && userId !== o.sellerId) return null;
  return offerReceiverId(o) === userId ? 'receiver' : 'sender';
}

/**
 * Why a new offer can't start in a conversation whose newest round is `current`: one live thread per conversation, so
 * an offer waits until the one waiting for an answer is answered or expires, or an accepted one is bought or lapses.
 */
export function openThreadRefusal(current: Offer | null, at: Date): OfferRefusal | null {
  if (current && isAnswerable(current, at)) return { code: 'offer_open', accepted: false };
  if (current && isBuyable(current, at)) return { code: 'offer_open', accepted: true };
  return null;
}

/** Whether the listing can still be bought: active with a unit left (an offer on it can be made or agreed). */
export function listingRefusal(l: SaleListing | undefined, at: Date): OfferRefusal | null {
  return l && l.status === 'active' && availableUnits(l, at) > 0 ? null : { code: 'listing_unavailable' };
}

/** Whether the listing takes new offers: a fixed-price one with offers turned on, still for sale. */
export function takesOffersRefusal(l: SaleListing | undefined, at: Date): OfferRefusal | null {
  if (l && (l.listingType !== 'fixed' || l.acceptOffers !== true)) return { code: 'offers_not_accepted' };
  return listingRefusal(l, at);
}

/**
 * The amount's rules: a positive whole number of cents ('Invalid Offer'); from the buyer, at least the seller's
 * minimum (never revealed). The balance is checked apart (balanceRefusal): it needs a ledger read, done last.
 */
export function amountRefusal(amountCents: number, fromBuyer: boolean, l: SaleListing): OfferRefusal | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { code: 'invalid_amount' };
  if (fromBuyer && amountCents < (l.minOfferCents ?? 0)) return { code: 'below_minimum' };
  return null;
}

/** The buyer's RLUSD balance (read from the ledger by the server) must cover the amount. */
export function balanceRefusal(amountCents: Cents, balanceCents: Cents): OfferRefusal | null {
  return balanceCents < amountCents ? { code: 'insufficient_balance', needCents: amountCents, balanceCents } : null;
}

export interface NewRound {
  offerId: string;
  senderId: string;
  amountCents: Cents;
  expires: boolean;
  /** When the round is made. */
  at: Date;
}

/** The buyer's first offer in a conversation about a listing. */
export function firstOffer(
  c: { conversationId: string; listingId: string; buyerId: string; sellerId: string },
  r: NewRound,
): Offer {
  const madeAt = r.at.toISOString();
  return {
    id: r.offerId,
    conversationId: c.conversationId,
    listingId: c.listingId,
    buyerId: c.buyerId,
    sellerId: c.sellerId,
    senderId: r.senderId,
    amountCents: r.amountCents,
    expiresAt: expiresAtOf(r.at, r.expires),
    status: 'pending',
    round: 1,
    counterOf: null,
    buyBy: null,
    orderId: null,
    createdAt: madeAt,
    updatedAt: madeAt,
  };
}

/** The offer moved to `status` at `at`; an accepted one may be bought until ACCEPTED_OFFER_VALID_MS later. */
export function moved(o: Offer, status: OfferStatus, at: Date): Offer {
  if (!canMove(o.status, status)) throw new Error(`offer ${o.id} can't move from ${o.status} to ${status}`);
  const buyBy = status === 'accepted' ? new Date(at.getTime() + ACCEPTED_OFFER_VALID_MS).toISOString() : o.buyBy;
  return { ...o, status, buyBy, updatedAt: at.toISOString() };
}

/** A counter: this round countered, and the next one (its own amount and expiry), or too_many_rounds. */
export function countered(o: Offer, r: NewRound): { answered: Offer; next: Offer } | OfferRefusal {
  if (o.round >= OFFER_MAX_ROUNDS) return { code: 'too_many_rounds' };
  const next = firstOffer(o, r);
  return { answered: moved(o, 'countered', r.at), next: { ...next, round: o.round + 1, counterOf: o.id } };
}
