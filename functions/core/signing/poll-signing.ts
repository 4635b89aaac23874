import { SIGN_IN_POLL, SIGN_IN_POLL_SECONDS } from '../../../shared/domain/sign-in-poll';
import type {
  SigningCheck,
  SigningEvents,
  SigningQueue,
  SigningRequestRecord,
  SigningRequestStore,
  SigningStatus,
} from './requests';
import type { Clock } from '../clock/clock';
import type { SignerGateway, SignRequestState } from './ports';

/** The sign-in poll of shared/domain/sign-in-poll.ts (the browser's fallback polling follows the same one). */
export const SIGNING_SCHEDULE = {
  firstCheckDelaySeconds: SIGN_IN_POLL_SECONDS.first,
  intervalSeconds: SIGN_IN_POLL_SECONDS.every,
  maxChecks: SIGN_IN_POLL.maxChecks,
  /** A status read (GET) asks the signer itself only when the last check is older than one poll interval. */
  readThroughAfterMs: SIGN_IN_POLL.everyMs,
} as const;

/** The signer's view -> ours. A rejection in the wallet reads as cancelled; a request the signer forgot as expired. */
export function statusFromSigner(state: Pick<SignRequestState, 'status'> | null): SigningStatus {
  if (!state) return 'expired';
  switch (state.status) {
    case 'signed':
      return 'signed';
    case 'rejected':
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    case 'pending':
      return 'pending';
  }
}

export interface PollDeps {
  store: SigningRequestStore;
  signer: Pick<SignerGateway, 'get'>;
  queue: SigningQueue;
  events: SigningEvents;
  clock: Clock;
  /**
   * What a resolved request leads to, by purpose (an escrow-create request funds or cancels its order). Runs after
   * every check that finds the request resolved, so it must be idempotent (core/signing/settle-signing.ts).
   */
  settle?: (record: SigningRequestRecord) => Promise<void>;
}

export type CheckOutcome = 'pending' | 'resolved' | 'redone' | 'dropped';

/** What follows a written check: the next check while pending, the announcement once resolved. */
async function followUp(record: SigningRequestRecord, attempt: number, at: Date, deps: PollDeps): Promise<void> {
  if (record.status === 'pending') {
    if (attempt < SIGNING_SCHEDULE.maxChecks) {
      await deps.queue.enqueue(
        { uuid: record.uuid, purpose: record.purpose, attempt: attempt + 1 },
        SIGNING_SCHEDULE.intervalSeconds,
      );
    }
    return;
  }
  await deps.events.statusChanged(record, at);
  await deps.settle?.(record);
}

/**
 * One queue check of a signing request. Idempotent under redelivery: only the message that moves the record from
 * `attempt - 1` to `attempt` checks counts; a redelivery of that same message (same id) redoes its follow-up, in
 * case the first run died after writing; anything else (stale or duplicated messages, requests resolved by a status
 * read) is dropped. Duplicated follow-ups collapse at the next check, where only one can win the conditional write.
 */
export async function pollSigning(check: SigningCheck, messageId: string, deps: PollDeps): Promise<CheckOutcome> {
  const at = deps.clock.now();
  const record = await deps.store.get(check.uuid);
  if (!record) return 'dropped';
  const redo = async (r: SigningRequestRecord): Promise<CheckOutcome> => {
    if (r.attempts === check.attempt && r.lastMessageId === messageId) {
      await followUp(r, check.attempt, at, deps);
      return 'redone';
    }
    return 'dropped';
  };
  if (record.attempts !== check.attempt - 1 || record.status !== 'pending') return redo(record);

  const state = await deps.signer.get(check.uuid);
  let status = statusFromSigner(state);
  if (status === 'pending' && check.attempt >= SIGNING_SCHEDULE.maxChecks) status = 'timed_out';
  const checkedAt = at.toISOString();
  if (!(await deps.store.recordCheck(check.uuid, check.attempt, messageId, { status, checkedAt }))) {
    const current = await deps.store.get(check.uuid);
    return current ? redo(current) : 'dropped';
  }
  const written = { ...record, status, attempts: check.attempt, lastCheckedAt: checkedAt, lastMessageId: messageId };
  await followUp(written, check.attempt, at, deps);
  return status === 'pending' ? 'pending' : 'resolved';
}

/**
 * A status read for a browser without a socket: a pending request whose last check is older than 5 s is read from
 * the signer once (`minAgeMs` 0: now); a change is written (only over pending) and announced by whoever wrote it.
 */
export async function readThroughStatus(
  record: SigningRequestRecord,
  deps: Omit<PollDeps, 'queue'>,
  minAgeMs: number = SIGNING_SCHEDULE.readThroughAfterMs,
): Promise<SigningStatus> {
  if (record.status !== 'pending') return record.status;
  const at = deps.clock.now();
  const last = Date.parse(record.lastCheckedAt ?? record.createdAt);
  if (at.getTime() - last < minAgeMs) return record.status;
  const status = statusFromSigner(await deps.signer.get(record.uuid));
  const wrote = await deps.store.updateIfPending(record.uuid, { status, checkedAt: at.toISOString() });
  if (!wrote) return (await deps.store.get(record.uuid))?.status ?? record.status;
  if (status !== 'pending') await deps.events.statusChanged({ ...record, status }, at);
  return status;
}

/**
 * A check right now, outside the queue's schedule (the wallet service's webhook said the request resolved, or a
 * browser asks): the signer is read, a change written and announced, and a resolved request settled. Safe to repeat.
 */
export async function checkNow(
  uuid: string,
  deps: Omit<PollDeps, 'queue'>,
  minAgeMs = 0,
): Promise<SigningStatus | null> {
  const record = await deps.store.get(uuid);
  if (!record) return null;
  const status = await readThroughStatus(record, deps, minAgeMs);
  if (status !== 'pending') await deps.settle?.({ ...record, status });
  return status;
}
