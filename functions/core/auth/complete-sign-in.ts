import type { SignInCompletion } from '../../../shared/api/auth';
import { ConflictError, ForbiddenError, InvalidStateError } from '../../lib/errors';
import { admitAdministrator, type AdmissionDeps } from '../admin-roles/admit-administrator';
import type { LedgerGateway } from '../ledger/ports';
import { readThroughStatus } from '../signing/poll-signing';
import type { AccountStore, RateLimitStore } from './ports';
import { enforceRateLimit } from './rate-limit';
import { currentUser, openSession, type SessionDeps } from './sessions';
import { secretMatches, signInRecord, type StatusDeps } from './sign-in';
import { issueRegistrationTicket, verifySessionToken } from './tokens';
import { ACCOUNT_SUSPENDED } from '../../../shared/api/admin-moderation';

export interface CompleteSignInDeps extends StatusDeps {
  rateLimits: RateLimitStore;
  ledger: Pick<LedgerGateway, 'verifySignInBlob'>;
  accounts: Pick<AccountStore, 'userByWallet' | 'user' | 'profileFlags'>;
  /** Sessions and tickets are issued on the time they are verified on (functions/lib/session-auth.ts). */
  session: SessionDeps;
  mediaUrl: (key: string) => string;
  /** Configured wallets become administrators; administrators' sign-ins are audited (decision 062). */
  admission: AdmissionDeps;
}

export interface SignInAnswer {
  uuid: string;
  clientSecret: string;
  /** The browser's address, for the rate limit. */
  sourceIp: string;
}

/**
 * Completes a signed sign-in once, for the browser that started it. The signed answer is read from the signer with
 * our credentials and its blob verified against the ledger; nothing the browser says about the wallet is used.
 */
export async function completeSignIn(
  { uuid, clientSecret, sourceIp }: SignInAnswer,
  deps: CompleteSignInDeps,
): Promise<SignInCompletion> {
  const at = deps.clock.now();
  await enforceRateLimit(deps.rateLimits, 'completeSignIn', sourceIp, at);
  const record = await signInRecord(deps.store, uuid);
  if (!secretMatches(clientSecret, record.clientSecretHash)) {
    throw new ForbiddenError('This sign-in request was started by another browser');
  }
  if (record.completedAt) throw new ConflictError('This sign-in request has already been used');
  refuseIfExpired(record.expiresAt, at);
  const status = await readThroughStatus(record, deps, 0);
  if (status !== 'signed') throw new ConflictError(`The sign-in request is ${status.replace('_', ' ')}, not signed`);

  const state = await deps.signer.get(uuid);
  if (!state || state.status !== 'signed' || state.txType !== 'SignIn' || !state.response) {
    throw new ConflictError('The wallet service does not hold a signed sign-in for this request');
  }
  // The payload's own expiry is Xaman's to enforce (it takes no signature after it) on Xaman's clock; ours is the
  // record's, on our clock, checked above.
  const verdict = await deps.ledger.verifySignInBlob(state.response.hex, uuid);
  if (!verdict.ok || verdict.account !== state.response.account) {
    throw new ForbiddenError('The wallet signature could not be verified');
  }
  if (!(await deps.store.markCompleted(uuid, verdict.account, at.toISOString()))) {
    throw new ConflictError('This sign-in request has already been used');
  }

  const found = await deps.accounts.userByWallet(verdict.account);
  if (found) {
    if (found.suspendedAt) throw new ForbiddenError(ACCOUNT_SUSPENDED);
    const user = await admitAdministrator(found, deps.admission, at);
    const session = await openSession(user.userId, deps.session);
    await refuseIfSuspendedMeanwhile(user.userId, session.token, deps);
    return { kind: 'session', session, user: await currentUser(user, deps.accounts, deps.mediaUrl) };
  }
  const ticket = await issueRegistrationTicket(verdict.account, await deps.session.key(), deps.session.clock.now());
  return {
    kind: 'registration',
    ticket: ticket.token,
    ticketExpiresAt: ticket.expiresAt.toISOString(),
    walletAddress: verdict.account,
  };
}

export const SIGN_IN_EXPIRED = 'This sign-in request has expired. Start a new sign-in.';

/**
 * A request is completed only before it expires, by our record and by the wallet service's payload alike (decision
 * 078): a signature captured or relayed late opens no session.
 */
function refuseIfExpired(expiresAt: string, at: Date): void {
  if (!(Date.parse(expiresAt) > at.getTime())) throw new InvalidStateError('sign_in_expired', SIGN_IN_EXPIRED);
}

/**
 * A suspension written while this sign-in opened its session (after the check above, before the suspension revoked
 * the user's sessions) is seen by this consistent read: the new session is revoked and the sign-in refused (066).
 */
async function refuseIfSuspendedMeanwhile(userId: string, token: string, deps: CompleteSignInDeps): Promise<void> {
  const again = await deps.accounts.user(userId);
  if (!again?.suspendedAt) return;
  const claims = await verifySessionToken(token, await deps.session.key(), deps.session.clock.now());
  await deps.session.sessions.revoke(claims.sessionId, deps.session.clock.now().toISOString());
  throw new ForbiddenError(ACCOUNT_SUSPENDED);
}
