import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { placeBid } from '../../shared/api/bids';
import type { BidRequestKey, BidStore } from '../core/bids/ports';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../lib/http/idempotency-key';
import { sessionAuthenticatorWith } from '../wiring/session';
import { bidStore } from './db/bid-store';
import { db } from './db/service';

type FirstRead = ReturnType<BidStore['readWithAnswer']>;

interface Started extends BidRequestKey {
  read: FirstRead;
}

const started = new WeakMap<APIGatewayProxyEventV2, Started>();

/**
 * The bid route's authenticator (decision 036): once the token's signature is verified, the bid's first read (the
 * listing and any answer stored for the request's key) starts with the session read, so both go to the table in one
 * request instead of one after the other. Only a well-formed listing id and key are read; nothing read is used unless
 * the session turns out live for the same user and the validated request names the same listing and key.
 */
export const bidAuthenticator = sessionAuthenticatorWith(({ userId }, event) => {
  const listingId = event.pathParameters?.listingId;
  const idempotencyKey = event.headers?.[IDEMPOTENCY_HEADER]?.trim();
  if (!placeBid.params.safeParse({ listingId }).success || !idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    return;
  }
  const key = { userId, listingId: listingId!, idempotencyKey };
  const read = bidStore(db()).readWithAnswer(key);
  // Not awaited when the session check fails first: a failed read must not go unhandled.
  read.catch(() => undefined);
  started.set(event, { ...key, read });
});

const sameKey = (a: BidRequestKey, b: BidRequestKey) =>
  a.userId === b.userId && a.listingId === b.listingId && a.idempotencyKey === b.idempotencyKey;

/** The store with the first read the authenticator started for this request, when it is this request's. */
export function withFirstRead(store: BidStore, event: APIGatewayProxyEventV2, request: BidRequestKey): BidStore {
  const early = started.get(event);
  started.delete(event);
  if (!early || !sameKey(early, request)) return store;
  let taken = false;
  return {
    ...store,
    readWithAnswer(key) {
      if (taken || !sameKey(key, request)) return store.readWithAnswer(key);
      taken = true;
      return early.read;
    },
  };
}
