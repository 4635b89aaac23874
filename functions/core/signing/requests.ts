import type { SignInStatus } from '../../../shared/api/auth';
import type { SigningPurpose } from '../../../shared/domain/signing';

/**
 * Signing requests: a payload the wallet service holds for a person to sign, with the purpose it serves (sign-in,
 * escrow, platform fee, trust line), followed by the signing queue until it resolves (decision 045).
 */

export { SIGNING_PURPOSES, type SigningPurpose } from '../../../shared/domain/signing';

/** A signing request's lifecycle; the sign-in statuses are the general ones. */
export type SigningStatus = SignInStatus;

export interface SigningRequestRecord {
  uuid: string;
  purpose: SigningPurpose;
  status: SigningStatus;
  /** sha256 (hex) of the secret handed to the browser that started the request (sign-in; '' otherwise). */
  clientSecretHash: string;
  /** What the request is about: the order of an escrow or fee request, the user of a trust line; null for sign-in. */
  subjectId: string | null;
  createdAt: string;
  expiresAt: string;
  /** Queue checks done so far. */
  attempts: number;
  lastCheckedAt: string | null;
  /** The queue message whose check last wrote this record (redelivery of that message redoes its side effects). */
  lastMessageId: string | null;
  completedAt: string | null;
  /** The verified signing account, once completed. */
  account: string | null;
}

export type StatusWrite = { status: SigningStatus; checkedAt: string };

export interface SigningRequestStore {
  create(record: SigningRequestRecord): Promise<void>;
  get(uuid: string): Promise<SigningRequestRecord | null>;
  /** Writes a status read from the signer if the record is still pending; false when it no longer was. */
  updateIfPending(uuid: string, write: StatusWrite): Promise<boolean>;
  /** The queue's check number `attempt`: only if the record is pending and at `attempt - 1` checks. */
  recordCheck(uuid: string, attempt: number, messageId: string, write: StatusWrite): Promise<boolean>;
  /** signed and not completed -> completed, once; false for every later caller. */
  markCompleted(uuid: string, account: string, at: string): Promise<boolean>;
}

export interface SigningCheck {
  uuid: string;
  purpose: SigningPurpose;
  /** 1-based number of this check. */
  attempt: number;
}

export interface SigningQueue {
  enqueue(check: SigningCheck, delaySeconds: number): Promise<void>;
}

export interface SigningEvents {
  /** Announces a request's new status on its topic (`signing:<uuid>`). */
  statusChanged(record: Pick<SigningRequestRecord, 'uuid' | 'purpose' | 'status'>, at: Date): Promise<void>;
}
