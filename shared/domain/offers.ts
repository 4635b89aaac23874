import * as z from 'zod/mini';
import { formatUsd, type Cents } from './money';

/**
 * Offers on listings that accept them (spec part 1 "Offer", part 2 "Messages page" and entity Offer; decision 033).
 * Shared by the server's rules and the web so both refuse the same offers with the same words.
 */

/** Spec part 2 constants: an offer with the toggle on expires 24 hours after it is made. */
export const OFFER_EXPIRY_MS = 24 * 3_600_000;
/** Decision 033: an offer and its counters make at most this many rounds (the first offer is round 1). */
export const OFFER_MAX_ROUNDS = 5;
/** Decision 033: an accepted offer may be bought at its price for this long (one unit). */
export const ACCEPTED_OFFER_VALID_MS = 48 * 3_600_000;

/**
 * pending: waiting for the other party. accepted / rejected: the other party's answer (spec). countered: the other
 * party answered with an amount (a new pending offer, the next round). expired: its expiry passed unanswered.
 * declined: the listing sold out while it was pending or accepted but unbought.
 */
export const OFFER_STATUSES = ['pending', 'accepted', 'rejected', 'countered', 'expired', 'declined'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** What the receiver of a pending offer may do. */
export const OFFER_RESPONSES = ['accept', 'reject'] as const;
export type OfferResponse = (typeof OFFER_RESPONSES)[number];

export const offerSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  listingId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  /** Who made this round: the buyer (round 1 always) or, for a counter, either party. */
  senderId: z.string(),
  amountCents: z.number().check(z.int(), z.positive()),
  /** ISO UTC; null when made without the 24-hour expiry. */
  expiresAt: z.nullable(z.string()),
  status: z.enum(OFFER_STATUSES),
  /** 1 for the buyer's first offer, +1 for each counter. */
  round: z.number().check(z.int(), z.gte(1), z.lte(OFFER_MAX_ROUNDS)),
  /** The offer this one counters, null for round 1. */
  counterOf: z.nullable(z.string()),
  /** Accepted: the buyer may check out one unit at amountCents until then (ISO UTC). */
  buyBy: z.nullable(z.string()),
  /** Accepted and bought: the order made at its price. */
  orderId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

/** Why an offer is refused; the server answers with the code, the web maps it to the toast title. */
export const OFFER_REFUSAL_CODES = [
  'invalid_amount',
  'own_item',
  'offers_not_accepted',
  'below_minimum',
  'insufficient_balance',
  'not_pending',
  'not_receiver',
  'too_many_rounds',
  'listing_unavailable',
  'offer_open',
] as const;
export type OfferRefusalCode = (typeof OFFER_REFUSAL_CODES)[number];

export const OFFER_REFUSAL_TITLES: Record<OfferRefusalCode, string> = {
  invalid_amount: 'Invalid Offer',
  own_item: 'Cannot Make Offer on Own Item',
  offers_not_accepted: 'Cannot Make Offer',
  below_minimum: 'Invalid Offer',
  insufficient_balance: 'Insufficient Balance',
  not_pending: 'Failed to respond to offer',
  not_receiver: 'Failed to respond to offer',
  too_many_rounds: 'Cannot Make Offer',
  listing_unavailable: 'Cannot Make Offer',
  offer_open: 'Cannot Make Offer',
};

export const OFFER_TEXTS = {
  invalidAmount: 'Please enter a valid offer amount',
  ownItem: 'You cannot make an offer on your own listing.',
  notAccepted: 'This listing does not accept offers.',
  /** The seller's minimum is never revealed, only that the offer is under it. */
  belowMinimum: "Your offer is below the seller's minimum. Please offer more.",
  notPending: 'This offer has already been answered or has expired.',
  notReceiver: 'Only the other party can answer this offer.',
  tooManyRounds: `An offer can be countered at most ${OFFER_MAX_ROUNDS - 1} times.`,
  listingUnavailable: 'This listing is no longer available.',
  /** One live offer thread per conversation (decision 033): a new offer waits until the current one is answered. */
  offerPending: 'You already have an offer waiting for an answer on this item.',
  offerAccepted: 'Your offer on this item was accepted: buy it at that price from your cart.',
  insufficientBalance: (needCents: Cents, balanceCents: Cents) =>
    `You need ${formatUsd(needCents)} but only have ${formatUsd(balanceCents)} available.`,
} as const;

/** Toasts of offers (spec part 2 error catalogue). */
export const OFFER_TOASTS = {
  sent: 'Offer Sent',
  sendFailed: 'Failed to send offer',
  respondFailed: 'Failed to respond to offer',
  /** Spec: 'Offer {status}', also the system message a response writes. */
  responded: (status: OfferStatus) => `Offer ${status}`,
  signedOut: ['Authentication Required', 'Please connect your wallet to make an offer'] as const,
} as const;

/** Spec part 2: the offer message, 'Made an offer of $X (expires in 24 hours)'; without the expiry, no parenthesis. */
export function offerMessageText(amountCents: Cents, expires: boolean): string {
  return `Made an offer of ${formatUsd(amountCents)}${expires ? ' (expires in 24 hours)' : ''}`;
}

/** A counter's message (beyond the spec, in the same words). */
export function counterMessageText(amountCents: Cents, expires: boolean): string {
  return `Countered with an offer of ${formatUsd(amountCents)}${expires ? ' (expires in 24 hours)' : ''}`;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Spec part 2: offer expiry reads 'Expired', 'Nd Nh left', 'Nh left' or 'Less than 1h left'; null: no expiry. */
export function offerExpiryText(expiresAt: string | null, nowMs: number): string | null {
  if (expiresAt === null) return null;
  const left = Date.parse(expiresAt) - nowMs;
  if (!(left > 0)) return 'Expired';
  if (left < HOUR_MS) return 'Less than 1h left';
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  return days > 0 ? `${days}d ${hours}h left` : `${hours}h left`;
}

/** The party who answers a pending offer: whoever did not send it (spec: "Only the non-sender sees accept and reject"). */
export const offerReceiverId = (offer: Pick<Offer, 'senderId' | 'buyerId' | 'sellerId'>) =>
  offer.senderId === offer.buyerId ? offer.sellerId : offer.buyerId;
