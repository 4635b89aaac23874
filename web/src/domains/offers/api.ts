import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useCallback, useRef } from 'react';
import { toast } from 'sonner';
import type { ListingDetail } from '../../../../shared/api/listings';
import type { ResponseOf } from '../../../../shared/api/contract';
import {
  acceptOffer,
  counterOffer,
  listConversationOffers,
  listMyOffers,
  makeOffer,
  rejectOffer,
} from '../../../../shared/api/offers';
import {
  OFFER_REFUSAL_CODES,
  OFFER_REFUSAL_TITLES,
  OFFER_TOASTS,
  type Offer,
  type OfferRefusalCode,
} from '../../../../shared/domain/offers';
import { ApiError, apiGet, apiSend, newIdempotencyKey } from '../../lib/api';
import { answered } from '../../lib/api-error';
import { useSignedInSession } from '../../lib/session/session-context';
import { keys } from '../keys';

/**
 * Making and answering offers (spec part 2 "Messages page" and entity Offer; decision 033), shared by the
 * item page's Make Offer, the chat's offer cards and My Activity: the requests with their Idempotency-Keys and the
 * spec's toasts.
 */

/** What the offer dialog sends: the amount and the 24-hour expiry toggle. */
export interface OfferTerms {
  amountCents: number;
  expires: boolean;
}

/** Whether Make Offer is shown: a fixed-price listing that accepts offers, on sale, not the viewer's own. */
export function offersOpen(l: ListingDetail, viewerId: string | null): boolean {
  return (
    l.listingType === 'fixed' &&
    l.acceptOffers &&
    l.status === 'active' &&
    l.quantityAvailable > 0 &&
    l.seller.id !== viewerId
  );
}

const isRefusal = (code: string): code is OfferRefusalCode => (OFFER_REFUSAL_CODES as readonly string[]).includes(code);

/** A failed offer request as its toast: a refusal's title with the server's words, else `fallback`. */
export function offerFailureToast(error: unknown, fallback: string): [string, string | undefined] {
  if (error instanceof ApiError && isRefusal(error.code)) return [OFFER_REFUSAL_TITLES[error.code], error.message];
  return [fallback, error instanceof ApiError ? error.message : undefined];
}

/** The status shown: a pending offer whose expiry has passed is expired before the schedule marks it so. */
export function shownStatus(offer: Pick<Offer, 'status' | 'expiresAt'>, nowMs: number): Offer['status'] {
  const lapsed = offer.expiresAt !== null && Date.parse(offer.expiresAt) <= nowMs;
  return offer.status === 'pending' && lapsed ? 'expired' : offer.status;
}

export const OFFER_STATUS_TONES: Record<Offer['status'], string> = {
  pending: 'badge-primary',
  accepted: 'badge-accent',
  countered: 'badge-warning',
  rejected: 'badge-danger',
  expired: '',
  declined: 'badge-danger',
};

/**
 * The offer requests of the signed-in user. Each action keeps its Idempotency-Key until the server has answered it, so
 * pressing again after a lost answer repeats the same request (one offer, one answer). Every request shows its toast
 * and resolves to the offer the server answered with, or null when it failed.
 */
export function useOfferActions() {
  const { token } = useSignedInSession();
  const keys = useRef(new Map<string, string>());

  const run = useCallback(
    async (action: string, send: (key: string) => Promise<Offer>, fallback: string): Promise<Offer | null> => {
      const key = keys.current.get(action) ?? newIdempotencyKey();
      keys.current.set(action, key);
      try {
        const offer = await send(key);
        keys.current.delete(action);
        return offer;
      } catch (error) {
        if (answered(error)) keys.current.delete(action);
        const [title, description] = offerFailureToast(error, fallback);
        toast.error(title, { description });
        return null;
      }
    },
    [],
  );

  /** The buyer's offer in a conversation: 'Offer Sent' (with `view`, a way to the conversation). */
  const make = useCallback(
    async (conversationId: string, terms: OfferTerms, view?: { label: string; onClick(): void }) => {
      const offer = await run(
        `make:${conversationId}:${terms.amountCents}:${terms.expires}`,
        (idempotencyKey) => apiSend(makeOffer, { params: { conversationId }, body: terms, token, idempotencyKey }),
        OFFER_TOASTS.sendFailed,
      );
      if (offer) toast.success(OFFER_TOASTS.sent, view ? { action: view } : undefined);
      return offer;
    },
    [run, token],
  );

  /** Accept or reject: 'Offer {status}'. */
  const respond = useCallback(
    async (offer: Offer, answer: 'accept' | 'reject') => {
      const answered = await run(
        `${answer}:${offer.id}`,
        (idempotencyKey) =>
          apiSend(answer === 'accept' ? acceptOffer : rejectOffer, {
            params: { offerId: offer.id },
            body: {},
            token,
            idempotencyKey,
          }),
        OFFER_TOASTS.respondFailed,
      );
      if (answered) toast.success(OFFER_TOASTS.responded(answered.status));
      return answered;
    },
    [run, token],
  );

  /** Answer with an amount: the offer becomes 'countered' ('Offer countered'); resolves to the new round. */
  const counter = useCallback(
    async (offer: Offer, terms: OfferTerms) => {
      const next = await run(
        `counter:${offer.id}:${terms.amountCents}:${terms.expires}`,
        (idempotencyKey) =>
          apiSend(counterOffer, { params: { offerId: offer.id }, body: terms, token, idempotencyKey }),
        OFFER_TOASTS.respondFailed,
      );
      if (next) toast.success(OFFER_TOASTS.responded('countered'));
      return next;
    },
    [run, token],
  );

  return { make, respond, counter };
}

type MyOffersPage = ResponseOf<typeof listMyOffers>;
type PageKey = ReturnType<typeof keys.myOffers>;

/** The signed-in user's offers as buyer, newest first, a page at a time (`cursor`). */
export function useMyOffers(userId: string, token: string) {
  return useSWRInfinite<MyOffersPage, Error, (i: number, prev: MyOffersPage | null) => PageKey | null>(
    (_, prev) => (prev && !prev.cursor ? null : keys.myOffers(userId, prev?.cursor ?? null)),
    ([, , cursor]) => apiGet(listMyOffers, { token, query: cursor ? { cursor } : {} }),
  );
}

export type MyOffersState = ReturnType<typeof useMyOffers>;

/** The tab's count: 'n' loaded, or 'n+' while more pages can be read; null before the first page. */
export function myOffersCount(pages: MyOffersPage[] | undefined): string | null {
  if (!pages) return null;
  const n = pages.reduce((sum, p) => sum + p.items.length, 0);
  return pages.at(-1)?.cursor ? `${n}+` : String(n);
}

/** The offers of a listing conversation, newest first (null: a conversation with no listing, nothing to read). */
export function useConversationOfferList(userId: string, conversationId: string | null, token: string) {
  return useSWR(conversationId ? keys.conversationOffers(userId, conversationId) : null, () =>
    apiGet(listConversationOffers, { params: { conversationId: conversationId! }, token }),
  );
}
