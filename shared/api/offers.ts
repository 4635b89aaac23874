import * as z from 'zod/mini';
import { offerSchema } from '../domain/offers';
import { listingImageSchema } from './listings';
import { withinAmountLimit } from './amount-limit';
import { defineContract } from './contract';
import { conversationIdSchema } from './messages';

/**
 * Offers and counteroffers in a listing's conversation (decision 033). Only the two parties of the
 * conversation read or answer its offers; to anyone else they do not exist (404). Every POST takes an Idempotency-Key.
 */

export const offerIdSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not an offer id'));

/**
 * Any number up to the money limit passes the contract: a non-integer, zero or negative amount is refused by the offer
 * rules with 'Invalid Offer' (400). `expires`: the 24-hour expiry toggle.
 */
const offerTerms = z.strictObject({ amountCents: z.number().check(withinAmountLimit()), expires: z.boolean() });

/** The buyer of a listing conversation makes an offer (round 1). 201 with the offer. */
export const makeOffer = defineContract({
  method: 'POST',
  path: '/api/me/conversations/{conversationId}/offers',
  params: z.strictObject({ conversationId: conversationIdSchema }),
  body: offerTerms,
  response: offerSchema,
});

/** The conversation's offers, newest first (spec part 2: "Read offers by conversation, newest first"). */
export const listConversationOffers = defineContract({
  method: 'GET',
  path: '/api/me/conversations/{conversationId}/offers',
  params: z.strictObject({ conversationId: conversationIdSchema }),
  response: z.object({ items: z.array(offerSchema) }),
});

const offerParams = z.strictObject({ offerId: offerIdSchema });

/** The receiver of a pending offer accepts it. */
export const acceptOffer = defineContract({
  method: 'POST',
  path: '/api/me/offers/{offerId}/accept',
  params: offerParams,
  body: z.strictObject({}),
  response: offerSchema,
});

/** The receiver of a pending offer rejects it. */
export const rejectOffer = defineContract({
  method: 'POST',
  path: '/api/me/offers/{offerId}/reject',
  params: offerParams,
  body: z.strictObject({}),
  response: offerSchema,
});

/** The receiver of a pending offer answers with an amount: this one becomes 'countered', the answer is the next round. */
export const counterOffer = defineContract({
  method: 'POST',
  path: '/api/me/offers/{offerId}/counter',
  params: offerParams,
  body: offerTerms,
  response: offerSchema,
});

/** My Activity's Offers tab: the caller's offers as buyer, newest first, with the listing as it is now. */
export const myOfferSchema = z.extend(offerSchema, {
  listing: z.object({ id: z.string(), title: z.string(), image: z.nullable(listingImageSchema) }),
});
export type MyOffer = z.infer<typeof myOfferSchema>;

export const listMyOffers = defineContract({
  method: 'GET',
  path: '/api/me/offers',
  query: z.strictObject({ cursor: z.optional(z.string().check(z.maxLength(512))) }),
  response: z.object({ items: z.array(myOfferSchema), cursor: z.nullable(z.string()) }),
});
