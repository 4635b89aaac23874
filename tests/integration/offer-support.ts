import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MyOffer } from '../../shared/api/offers';
import type { Offer } from '../../shared/domain/offers';
import type { SocketEvent } from '../../shared/events';
import { call } from './auth-support';
import { runSchedule } from './auction-support';
import { listItem } from './checkout-support';
import { conversationWith } from './message-support';
import type { Account } from './route-support';
import { openSocket } from './socket-support';

type ApiError = { error?: { code: string; message: string } };
export type OfferReply = Offer & ApiError;

/** A fixed-price listing of the seller's that takes offers (free shipping; `body` may set the minimum, stock...). */
export const offerListing = (seller: Account, body: Record<string, unknown> = {}) =>
  listItem(seller, { priceCents: 5_000, acceptOffers: true, ...body });

export const makeOffer = (
  a: Account,
  conversationId: string,
  body: { amountCents: unknown; expires: unknown },
  key: string = randomUUID(),
) =>
  call<OfferReply>('POST', `/api/me/conversations/${conversationId}/offers`, {
    token: a.token,
    from: a.from,
    body,
    idempotencyKey: key,
  });

/** Accept, reject or counter (with its terms) an offer as `a`. */
export const answer = (
  a: Account,
  offerId: string,
  kind: 'accept' | 'reject' | 'counter',
  body: Record<string, unknown> = {},
  key: string = randomUUID(),
) =>
  call<OfferReply>('POST', `/api/me/offers/${offerId}/${kind}`, {
    token: a.token,
    from: a.from,
    body,
    idempotencyKey: key,
  });

export const offersIn = (a: Account, conversationId: string) =>
  call<{ items: Offer[] } & ApiError>('GET', `/api/me/conversations/${conversationId}/offers`, {
    token: a.token,
    from: a.from,
  });

export const myOffers = (a: Account, cursor?: string) =>
  call<{ items: MyOffer[]; cursor: string | null } & ApiError>(
    'GET',
    `/api/me/offers${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
    { token: a.token, from: a.from },
  );

/** The buyer's conversation about the listing and a pending offer made in it. */
export async function offerOn(
  buyer: Account,
  listingId: string,
  amountCents: number,
  expires = true,
): Promise<{ conversationId: string; offer: Offer }> {
  const conversationId = await conversationWith(buyer, listingId);
  const made = await makeOffer(buyer, conversationId, { amountCents, expires });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { conversationId, offer: made.body };
}

export const expireOffersAt = (at: Date) =>
  runSchedule<{ expired: number; skipped: number; failed: number }>('expire-offers', at);

/** A socket of the account's subscribed to its own topic: the events pushed to it since. */
export async function userSocket(a: Account) {
  const socket = await openSocket(a.token);
  socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${a.userId}` }));
  expect(await socket.next()).toMatchObject({ type: 'subscribed' });
  const events = () => socket.frames.flatMap((f): SocketEvent[] => (f.type === 'event' ? [f.event] : []));
  return { events, close: socket.close };
}
