import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { signingTopic } from '../../../shared/events';
import type { SignInCompletion, SignInRequest, SignInStatusAnswer } from '../../../shared/api/auth';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { LedgerGateway } from '../ledger/ports';
import { readThroughStatus, SIGNING_SCHEDULE } from '../signing/poll-signing';
import type { SignerGateway } from '../signing/ports';
import type { SigningEvents, SigningQueue, SigningRequestRecord, SigningRequestStore } from '../signing/requests';
import type { AccountStore } from './ports';
import { currentUser, openSession, type SessionDeps } from './sessions';
import { issueRegistrationTicket } from './tokens';

/** Spec part 1 "Business constants and limits": a sign-in request expires after 5 minutes. */
export const SIGN_IN_EXPIRE_MINUTES = 5;
export const SIGN_IN_INSTRUCTION = 'Sign in to the marketplace with this wallet. Signing moves no funds.';

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of the presented secret with the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface StartDeps {
  signer: Pick<SignerGateway, 'create'>;
  store: SigningRequestStore;
  queue: SigningQueue;
  now: Date;
}

export async function startSignIn(deps: StartDeps): Promise<SignInRequest> {
  const created = await deps.signer.create({
    txjson: { TransactionType: 'SignIn' },
    options: { expireMinutes: SIGN_IN_EXPIRE_MINUTES },
    customMeta: { instruction: SIGN_IN_INSTRUCTION },
  });
  const clientSecret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now.getTime() + SIGN_IN_EXPIRE_MINUTES * 60_000).toISOString();
  await deps.store.create({
    uuid: created.uuid,
    purpose: 'sign-in',
    status: 'pending',
    clientSecretHash: hashSecret(clientSecret),
    subjectId: null,
    createdAt: deps.now.toISOString(),
    expiresAt,
    attempts: 0,
    lastCheckedAt: null,
    lastMessageId: null,
    completedAt: null,
    account: null,
  });
  await deps.queue.enqueue(
    { uuid: created.uuid, purpose: 'sign-in', attempt: 1 },
    SIGNING_SCHEDULE.firstCheckDelaySeconds,
  );
  return {
    uuid: created.uuid,
    qrPngUrl: created.qrPngUrl,
    deepLink: created.signUrl,
    expiresAt,
    clientSecret,
    topic: signingTopic(created.uuid),
  };
}

async function signInRecord(store: SigningRequestStore, uuid: string): Promise<SigningRequestRecord> {
  const record = await store.get(uuid);
  if (!record || record.purpose !== 'sign-in') throw new NotFoundError('No such sign-in request');
  return record;
}

export interface StatusDeps {
  signer: Pick<SignerGateway, 'get'>;
  store: SigningRequestStore;
  events: SigningEvents;
  now: Date;
}

export async function getSignInStatus(uuid: string, deps: StatusDeps): Promise<SignInStatusAnswer> {
  const record = await signInRecord(deps.store, uuid);
  return { uuid, status: await readThroughStatus(record, deps) };
}

export interface CompleteDeps extends StatusDeps {
  ledger: Pick<LedgerGateway, 'verifySignInBlob'>;
  accounts: Pick<AccountStore, 'userByWallet' | 'profileFlags'>;
  session: Omit<SessionDeps, 'now'>;
  mediaUrl: (key: string) => string;
}

/**
 * Completes a signed sign-in once, for the browser that started it. The signed answer is read from the signer with
 * our credentials and its blob verified against the ledger; nothing the browser says about the wallet is used.
 */
export async function completeSignIn(
  uuid: string,
  clientSecret: string,
  deps: CompleteDeps,
): Promise<SignInCompletion> {
  const record = await signInRecord(deps.store, uuid);
  if (!secretMatches(clientSecret, record.clientSecretHash)) {
    throw new ForbiddenError('This sign-in request was started by another browser');
  }
  if (record.completedAt) throw new ConflictError('This sign-in request has already been used');
  const status = await readThroughStatus(record, deps, 0);
  if (status !== 'signed') throw new ConflictError(`The sign-in request is ${status.replace('_', ' ')}, not signed`);

  const state = await deps.signer.get(uuid);
  if (!state || state.status !== 'signed' || state.txType !== 'SignIn' || !state.response) {
    throw new ConflictError('The wallet service does not hold a signed sign-in for this request');
  }
  const verdict = await deps.ledger.verifySignInBlob(state.response.hex, uuid);
  if (!verdict.ok || verdict.account !== state.response.account) {
    throw new ForbiddenError('The wallet signature could not be verified');
  }
  if (!(await deps.store.markCompleted(uuid, verdict.account, deps.now.toISOString()))) {
    throw new ConflictError('This sign-in request has already been used');
  }

  const user = await deps.accounts.userByWallet(verdict.account);
  if (user) {
    const session = await openSession(user.userId, deps.session);
    return { kind: 'session', session, user: await currentUser(user, deps.accounts, deps.mediaUrl) };
  }
  const ticket = await issueRegistrationTicket(verdict.account, await deps.session.key(), deps.now);
  return {
    kind: 'registration',
    ticket: ticket.token,
    ticketExpiresAt: ticket.expiresAt.toISOString(),
    walletAddress: verdict.account,
  };
}
