import useSWRInfinite from 'swr/infinite';
import type { BodyOf, ResponseOf } from '../../../../shared/api/contract';
import * as contracts from '../../../../shared/api/returns';
import { apiGet, apiSend, newIdempotencyKey } from '../../lib/api';
import { keys } from '../keys';

/**
 * Request Return and its steps (decision 054). Each POST carries the Idempotency-Key of its click, so a lost answer
 * retried is never a second request, decision or refund. Each answers the order as the caller sees it after, except the
 * refund: its wallet request, or 'paid'.
 */

export type ReturnRequestsPage = ResponseOf<typeof contracts.listReturnRequests>;
export type ReturnRefundAnswer = ResponseOf<typeof contracts.requestReturnRefund>;
type PageKey = ReturnType<typeof keys.myReturnRequests>;

/** The buyer asks to return a delivered or collected order. */
export function requestReturn(token: string, orderId: string, body: BodyOf<typeof contracts.requestReturn>) {
  return apiSend(contracts.requestReturn, { token, params: { orderId }, body, idempotencyKey: newIdempotencyKey() });
}

/** The seller approves or rejects a pending return (a note the buyer reads, optional). */
export function decideReturn(token: string, orderId: string, body: BodyOf<typeof contracts.decideReturn>) {
  return apiSend(contracts.decideReturn, { token, params: { orderId }, body, idempotencyKey: newIdempotencyKey() });
}

/** The buyer gives the FedEx tracking number of the parcel going back. */
export function shipReturn(token: string, orderId: string, trackingNumber: string) {
  return apiSend(contracts.shipReturn, {
    token,
    params: { orderId },
    body: { trackingNumber },
    idempotencyKey: newIdempotencyKey(),
  });
}

/** After release, the return delivered back: the wallet request of the seller's refund Payment ('paid' once it is). */
export function requestReturnRefund(token: string, orderId: string, signal?: AbortSignal) {
  return apiSend(contracts.requestReturnRefund, {
    token,
    params: { orderId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}

/** After release, the buyer takes a rejected return to the marketplace team. */
export function escalateReturn(token: string, orderId: string) {
  return apiSend(contracts.escalateReturn, {
    token,
    params: { orderId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
  });
}

/** One page of the seller's return requests, newest first. */
export function listReturnRequests(token: string, cursor: string | null) {
  return apiGet(contracts.listReturnRequests, { token, query: cursor ? { cursor } : {} });
}

/** The seller's return requests, 20 a page (`nextCursor`). */
export function useReturnRequests(userId: string, token: string) {
  return useSWRInfinite<ReturnRequestsPage, Error, (i: number, prev: ReturnRequestsPage | null) => PageKey | null>(
    (_, prev) => (prev && !prev.nextCursor ? null : keys.myReturnRequests(userId, prev?.nextCursor ?? null)),
    ([, , cursor]) => listReturnRequests(token, cursor),
  );
}
