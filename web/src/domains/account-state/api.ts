import * as contracts from '../../../../shared/api/account-state';
import { apiSend, newIdempotencyKey } from '../../lib/api';

/**
 * The danger zone's actions (decision 059). Each carries the Idempotency-Key of its click, so a lost answer retried is
 * the same request; asked again later, each answers where it stands.
 */

export function deactivateStore(token: string) {
  return apiSend(contracts.deactivateStore, { token, body: {}, idempotencyKey: newIdempotencyKey() });
}

export function reactivateStore(token: string) {
  return apiSend(contracts.reactivateStore, { token, body: {}, idempotencyKey: newIdempotencyKey() });
}

/** Erases the caller's data and signs them out everywhere (the server checks the username too). */
export function deleteMyData(token: string, confirmUsername: string) {
  return apiSend(contracts.deleteMyData, { token, body: { confirmUsername }, idempotencyKey: newIdempotencyKey() });
}
