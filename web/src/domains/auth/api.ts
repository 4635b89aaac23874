import * as contracts from '../../../../shared/api/auth';
import { apiGet, apiSend } from '../../lib/api';

/**
 * Signing in with the wallet (spec part 1 "Connect Wallet dialog" and "Wallet and username"): the sign-in request and
 * its status, completing it, and a new wallet's username and account. The session's own calls (renew, sign out) are in
 * session-api.ts, loaded on demand.
 */

/** A new sign-in request for the wallet to sign (its QR code, deep link and the secret of this browser). */
export function startSignIn() {
  return apiSend(contracts.startSignIn, { body: {} });
}

/** The status of a sign-in request (pending until the wallet signs, rejects or it expires). */
export function getSignInStatus(uuid: string, signal?: AbortSignal) {
  return apiGet(contracts.getSignInStatus, { params: { uuid }, signal });
}

/** Completes a signed request with this browser's secret: a session, or a registration ticket for a new wallet. */
export function completeSignIn(uuid: string, clientSecret: string) {
  return apiSend(contracts.completeSignIn, { params: { uuid }, body: { clientSecret } });
}

/** Cancels a sign-in request this browser started and no longer shows (its Xaman payload is cancelled too). */
export function cancelSignIn(uuid: string, clientSecret: string) {
  return apiSend(contracts.cancelSignIn, { params: { uuid }, body: { clientSecret } });
}

/** Whether a username is free (with the message to show). */
export function checkUsername(username: string, signal?: AbortSignal) {
  return apiGet(contracts.checkUsername, { query: { username }, signal });
}

/** Creates the account of a new wallet with its registration ticket; answers with its session. */
export function createAccount(username: string, ticket: string) {
  return apiSend(contracts.createAccount, { body: { username, ticket } });
}
