import type { BodyOf, ResponseOf } from '../../../../shared/api/contract';
import * as contracts from '../../../../shared/api/sends';
import { apiGet, apiSend } from '../../lib/api';

/** Send Funds (decision 060): its own domain, so the address check loads only where a send is made. */
export type SendFundsBody = BodyOf<typeof contracts.sendFunds>;
export type SendRequest = ResponseOf<typeof contracts.sendFunds>;

/**
 * Send Funds (decision 060): the server checks the send against the ledger and answers the wallet request for exactly
 * that Payment. `idempotencyKey` is the form's: a retry of the same send (a lost answer) is never a second request.
 */
export function sendFunds(token: string, body: SendFundsBody, idempotencyKey: string) {
  return apiSend(contracts.sendFunds, { token, body, idempotencyKey });
}

/** Where one of the caller's sends stands (signing, submitting, sent with its hash, or why it did not go). */
export function getSend(token: string, sendId: string, signal?: AbortSignal) {
  return apiGet(contracts.getSend, { token, params: { sendId }, signal });
}
