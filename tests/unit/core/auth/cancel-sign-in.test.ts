import { beforeEach, describe, expect, it } from 'vitest';
import { cancelSignIn } from '../../../../functions/core/auth/cancel-sign-in';
import { startSignIn } from '../../../../functions/core/auth/start-sign-in';
import type { CancelReason } from '../../../../functions/core/signing/ports';
import { testClock } from '../../../fixtures/test-clock';
import {
  MemoryEvents,
  MemoryQueue,
  MemoryRateLimits,
  MemorySigningRequests,
  ScriptedSigner,
  state,
  statusOf,
} from './memory-ports';

const NOW = new Date('2026-06-01T12:00:00Z');
const IP = '203.0.113.9';

/** The wallet service's cancel as Xaman answers it: a request opened in the wallet can't be cancelled any more. */
class CancellingSigner extends ScriptedSigner {
  readonly cancels: string[] = [];
  async cancel(uuid: string): Promise<{ cancelled: boolean; reason: CancelReason }> {
    this.cancels.push(uuid);
    const current = this.states.get(uuid);
    if (!current) return { cancelled: false, reason: 'already_expired' };
    if (current.status === 'cancelled') return { cancelled: false, reason: 'already_cancelled' };
    if (current.status !== 'pending') return { cancelled: false, reason: 'already_resolved' };
    if (current.opened) return { cancelled: false, reason: 'already_opened' };
    this.states.set(uuid, state(uuid, 'cancelled'));
    return { cancelled: true, reason: 'ok' };
  }
}

describe('cancelling a sign-in', () => {
  let store: MemorySigningRequests;
  let signer: CancellingSigner;
  let events: MemoryEvents;
  const deps = () => ({ signer, store, events, rateLimits: new MemoryRateLimits(), clock: testClock(NOW) });
  const started = () =>
    startSignIn(IP, {
      signer,
      store,
      queue: new MemoryQueue(),
      rateLimits: new MemoryRateLimits(),
      clock: testClock(NOW),
    });

  beforeEach(() => {
    store = new MemorySigningRequests();
    signer = new CancellingSigner();
    events = new MemoryEvents();
  });

  it('cancels a pending request at the wallet service, records and announces it once; a repeat asks nobody', async () => {
    const s = await started();
    const answer = { uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP };
    expect(await cancelSignIn(answer, deps())).toEqual({ uuid: s.uuid, status: 'cancelled' });
    expect((await store.get(s.uuid))!.status).toBe('cancelled');
    expect(events.published).toEqual([{ uuid: s.uuid, status: 'cancelled' }]);
    expect(await cancelSignIn(answer, deps())).toEqual({ uuid: s.uuid, status: 'cancelled' });
    expect(signer.cancels).toEqual([s.uuid]);
    expect(events.published).toHaveLength(1);
  });

  it('takes only the starter’s secret (403), and never cancels another kind of request (404)', async () => {
    const s = await started();
    const other = await started();
    expect(await statusOf(cancelSignIn({ uuid: s.uuid, clientSecret: other.clientSecret, sourceIp: IP }, deps()))).toBe(
      403,
    );
    const unknown = '00000000-0000-4000-8000-999999999999';
    expect(await statusOf(cancelSignIn({ uuid: unknown, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      404,
    );
    expect(signer.cancels).toEqual([]);
    expect((await store.get(s.uuid))!.status).toBe('pending');
  });

  it('answers 409 once the request is open in the wallet, and the status it has when it resolved meanwhile', async () => {
    const opened = await started();
    signer.states.set(opened.uuid, state(opened.uuid, 'pending', { opened: true }));
    const answer = { uuid: opened.uuid, clientSecret: opened.clientSecret, sourceIp: IP };
    expect(await statusOf(cancelSignIn(answer, deps()))).toBe(409);
    expect((await store.get(opened.uuid))!.status).toBe('pending');

    const signed = await started();
    signer.states.set(signed.uuid, state(signed.uuid, 'signed'));
    const out = await cancelSignIn({ uuid: signed.uuid, clientSecret: signed.clientSecret, sourceIp: IP }, deps());
    expect(out).toEqual({ uuid: signed.uuid, status: 'signed' });
    expect((await store.get(signed.uuid))!.status).toBe('signed');
  });
});
