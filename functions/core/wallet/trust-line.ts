import { signingTopic } from '../../../shared/events';
import { NotFoundError } from '../../lib/errors';
import type { UserRecord } from '../auth/ports';
import type { LedgerGateway } from '../ledger/ports';
import type { TokenIssue } from '../orders/escrow-create';
import { SIGNING_SCHEDULE } from '../signing/poll-signing';
import type { SignerGateway, TxJson } from '../signing/ports';
import type { SigningQueue, SigningRequestRecord, SigningRequestStore } from '../signing/requests';

/** How much RLUSD a seller's line accepts: enough for any sale. */
export const TRUST_LINE_LIMIT = '1000000000';
/** tfSetNoRipple: a holder's line should not ripple (the usual setting for an account that is not an issuer). */
const TF_SET_NO_RIPPLE = 0x00020000;
const EXPIRE_MINUTES = 5;

export interface TrustLineDeps {
  users: { user(userId: string): Promise<UserRecord | null> };
  ledger: Pick<LedgerGateway, 'rlusdLine' | 'verifySignedBlob' | 'submitAndWait'>;
  signer: Pick<SignerGateway, 'create' | 'get'>;
  store: SigningRequestStore;
  queue: SigningQueue;
  rlusd: TokenIssue;
  now: () => Date;
  log: { warn(message: string, fields: Record<string, unknown>): void };
}

/** The TrustSet the wallet is asked to sign: its own line to RLUSD's issuer. */
export function trustSetTx(address: string, rlusd: TokenIssue): TxJson {
  return {
    TransactionType: 'TrustSet',
    Account: address,
    LimitAmount: { currency: rlusd.currency, issuer: rlusd.issuer, value: TRUST_LINE_LIMIT },
    Flags: TF_SET_NO_RIPPLE,
  };
}

async function walletOf(userId: string, deps: Pick<TrustLineDeps, 'users'>): Promise<string> {
  const user = await deps.users.user(userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  return user.walletAddress;
}

export async function hasRlusdLine(userId: string, deps: Pick<TrustLineDeps, 'users' | 'ledger'>) {
  return { hasLine: (await deps.ledger.rlusdLine(await walletOf(userId, deps))) !== null };
}

/** A wallet request for the TrustSet, unless the wallet already has the line. */
export async function requestRlusdTrustLine(userId: string, deps: TrustLineDeps) {
  const address = await walletOf(userId, deps);
  if ((await deps.ledger.rlusdLine(address)) !== null) return { status: 'exists' as const };
  const created = await deps.signer.create({
    txjson: trustSetTx(address, deps.rlusd),
    options: { expireMinutes: EXPIRE_MINUTES },
    customMeta: { instruction: 'Add an RLUSD trust line so buyers can pay you in RLUSD. It moves no funds.' },
  });
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + EXPIRE_MINUTES * 60_000).toISOString();
  await deps.store.create({
    uuid: created.uuid,
    purpose: 'trust-line',
    status: 'pending',
    clientSecretHash: '',
    subjectId: userId,
    createdAt: now.toISOString(),
    expiresAt,
    attempts: 0,
    lastCheckedAt: null,
    lastMessageId: null,
    completedAt: null,
    account: null,
  });
  await deps.queue.enqueue(
    { uuid: created.uuid, purpose: 'trust-line', attempt: 1 },
    SIGNING_SCHEDULE.firstCheckDelaySeconds,
  );
  return {
    status: 'signing' as const,
    uuid: created.uuid,
    signUrl: created.signUrl,
    qrPngUrl: created.qrPngUrl,
    expiresAt,
    topic: signingTopic(created.uuid),
  };
}

/**
 * A signed TrustSet is checked to be exactly the one asked for (the user's own wallet, RLUSD's issuer, the limit) and
 * submitted; the ledger is the record, so running this twice resubmits the same blob and learns the same outcome.
 */
export async function settleTrustLine(
  record: Pick<SigningRequestRecord, 'uuid' | 'purpose' | 'subjectId' | 'status'>,
  deps: TrustLineDeps,
): Promise<void> {
  if (record.purpose !== 'trust-line' || record.status !== 'signed' || !record.subjectId) return;
  const blob = (await deps.signer.get(record.uuid))?.response?.hex;
  if (!blob) return;
  const verdict = await deps.ledger.verifySignedBlob(
    blob,
    trustSetTx(await walletOf(record.subjectId, deps), deps.rlusd),
  );
  if (!verdict.ok) {
    deps.log.warn('signed trust line refused', { uuid: record.uuid, reason: verdict.reason });
    return;
  }
  const outcome = await deps.ledger.submitAndWait(blob);
  if (outcome.status === 'timeout') throw new Error(`trust line ${outcome.txid} not validated yet`);
  if (outcome.status !== 'success') deps.log.warn('trust line did not apply', { uuid: record.uuid, ...outcome });
}
