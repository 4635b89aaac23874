import { beforeEach, describe, expect, it } from 'vitest';
import {
  pollSigning,
  readThroughStatus,
  SIGNING_SCHEDULE,
  statusFromSigner,
} from '../../../../functions/core/signing/poll-signing';
import type { SigningRequestRecord } from '../../../../functions/core/signing/requests';
import { testClock } from '../../../fixtures/test-clock';
import { MemoryEvents, MemoryQueue, MemorySigningRequests, ScriptedSigner, state } from './memory-ports';

const UUID = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-06-01T12:00:00Z');

function record(over: Partial<SigningRequestRecord> = {}): SigningRequestRecord {
  return {
    uuid: UUID,
    purpose: 'sign-in',
    status: 'pending',
    clientSecretHash: 'ab',
    subjectId: null,
    createdAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 300_000).toISOString(),
    attempts: 0,
    lastCheckedAt: null,
    lastMessageId: null,
    completedAt: null,
    account: null,
    ...over,
  };
}

describe('signing status from the signer', () => {
  it('maps the signer’s states to the sign-in statuses', () => {
    expect(statusFromSigner(state(UUID, 'pending'))).toBe('pending');
    expect(statusFromSigner(state(UUID, 'signed'))).toBe('signed');
    expect(statusFromSigner(state(UUID, 'rejected'))).toBe('cancelled');
    expect(statusFromSigner(state(UUID, 'cancelled'))).toBe('cancelled');
    expect(statusFromSigner(state(UUID, 'expired'))).toBe('expired');
    expect(statusFromSigner(null)).toBe('expired');
  });
});

describe('the signing queue’s check', () => {
  let store: MemorySigningRequests;
  let signer: ScriptedSigner;
  let queue: MemoryQueue;
  let events: MemoryEvents;
  const deps = () => ({ store, signer, queue, events, clock: testClock(NOW) });

  beforeEach(async () => {
    store = new MemorySigningRequests();
    signer = new ScriptedSigner();
    queue = new MemoryQueue();
    events = new MemoryEvents();
    await store.create(record());
    signer.states.set(UUID, state(UUID, 'pending'));
  });

  it('re-enqueues a pending request 5 s later and announces nothing', async () => {
    expect(await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps())).toBe('pending');
    expect(queue.sent).toEqual([{ check: { uuid: UUID, purpose: 'sign-in', attempt: 2 }, delaySeconds: 5 }]);
    expect(events.published).toEqual([]);
    expect(await store.get(UUID)).toMatchObject({ attempts: 1, lastMessageId: 'm1', lastCheckedAt: NOW.toISOString() });
  });

  it('stores and announces a resolution, and stops checking', async () => {
    signer.states.set(UUID, state(UUID, 'signed'));
    expect(await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps())).toBe('resolved');
    expect((await store.get(UUID))!.status).toBe('signed');
    expect(events.published).toEqual([{ uuid: UUID, status: 'signed' }]);
    expect(queue.sent).toEqual([]);
  });

  it('times out after the 60th check', async () => {
    store.records.get(UUID)!.attempts = SIGNING_SCHEDULE.maxChecks - 1;
    const outcome = await pollSigning(
      { uuid: UUID, purpose: 'sign-in', attempt: SIGNING_SCHEDULE.maxChecks },
      'm60',
      deps(),
    );
    expect(outcome).toBe('resolved');
    expect((await store.get(UUID))!.status).toBe('timed_out');
    expect(events.published).toEqual([{ uuid: UUID, status: 'timed_out' }]);
    expect(queue.sent).toEqual([]);
  });

  it('runs 60 checks at most, about 5 minutes in all', () => {
    const { firstCheckDelaySeconds, intervalSeconds, maxChecks } = SIGNING_SCHEDULE;
    expect(firstCheckDelaySeconds + (maxChecks - 1) * intervalSeconds).toBe(297);
  });

  it('redoes the follow-up when the same message comes back after its write (a crash in between)', async () => {
    await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps());
    const gets = signer.gets;
    expect(await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps())).toBe('redone');
    expect(signer.gets).toBe(gets);
    expect(queue.sent.map((s) => s.check.attempt)).toEqual([2, 2]);
  });

  it('drops a duplicated follow-up at the next check: only one message wins each attempt', async () => {
    await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps());
    await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps());
    queue.sent.length = 0;
    expect(await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 2 }, 'm2a', deps())).toBe('pending');
    expect(await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 2 }, 'm2b', deps())).toBe('dropped');
    expect(queue.sent).toHaveLength(1);
  });

  it('drops stale checks and checks of requests already resolved by a status read', async () => {
    expect(await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 3 }, 'mx', deps())).toBe('dropped');
    store.records.get(UUID)!.status = 'cancelled';
    expect(await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps())).toBe('dropped');
    expect(events.published).toEqual([]);
    expect(await pollSigning({ uuid: 'unknown', purpose: 'sign-in', attempt: 1 }, 'm', deps())).toBe('dropped');
  });

  it('re-announces a resolution when the message that wrote it comes back', async () => {
    signer.states.set(UUID, state(UUID, 'expired'));
    await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps());
    expect(await pollSigning({ uuid: UUID, purpose: 'sign-in', attempt: 1 }, 'm1', deps())).toBe('redone');
    expect(events.published).toEqual([
      { uuid: UUID, status: 'expired' },
      { uuid: UUID, status: 'expired' },
    ]);
  });
});

describe('a status read', () => {
  it('asks the signer only when the last check is older than 5 s, and announces a change it wrote', async () => {
    const store = new MemorySigningRequests();
    const signer = new ScriptedSigner();
    const events = new MemoryEvents();
    await store.create(record({ lastCheckedAt: new Date(NOW.getTime() - 4_000).toISOString() }));
    signer.states.set(UUID, state(UUID, 'signed'));
    const clock = testClock(NOW);
    const deps = { store, signer, events, clock };
    expect(await readThroughStatus((await store.get(UUID))!, deps)).toBe('pending');
    expect(signer.gets).toBe(0);
    clock.advance(2_000);
    expect(await readThroughStatus((await store.get(UUID))!, deps)).toBe('signed');
    expect(signer.gets).toBe(1);
    expect(events.published).toEqual([{ uuid: UUID, status: 'signed' }]);
    expect((await store.get(UUID))!.status).toBe('signed');
  });
});
