import { describe, expect, it, vi } from 'vitest';
import type { SignRequest } from '../../../../functions/core/signing/ports';
import { openSigningRequest } from '../../../../functions/core/signing/open-signing-request';
import { testClock } from '../../../fixtures/test-clock';
import { MemoryQueue, MemorySigningRequests, ScriptedSigner } from '../auth/memory-ports';

const AT = '2026-11-24T10:00:00.000Z';
const TX = { TransactionType: 'Payment', Account: 'rSeller' };

function parts() {
  const signer = new ScriptedSigner();
  const asked: SignRequest[] = [];
  const create = signer.create.bind(signer);
  const deps = {
    signer: { create: async (r: SignRequest) => (asked.push(r), create(r)) },
    store: new MemorySigningRequests(),
    queue: new MemoryQueue(),
    clock: testClock(AT),
  };
  return { deps, asked };
}

const ask = { purpose: 'trust-line', subjectId: 'U1', txjson: TX, expireMinutes: 5, instruction: 'Sign it.' } as const;

describe('opening a signing request (decision 045)', () => {
  it('asks the wallet service, records the request as pending and queues its first check after 2 s', async () => {
    const { deps, asked } = parts();
    const opened = await openSigningRequest(ask, deps);
    expect(asked).toEqual([{ txjson: TX, options: { expireMinutes: 5 }, customMeta: { instruction: 'Sign it.' } }]);
    expect(Object.keys(asked[0]!.customMeta!)).toEqual(['instruction']);
    expect(opened).toEqual({
      uuid: opened.uuid,
      signUrl: `http://signer/sign/${opened.uuid}`,
      qrPngUrl: `http://signer/sign/${opened.uuid}_q.png`,
      expiresAt: '2026-11-24T10:05:00.000Z',
      topic: `signing:${opened.uuid}`,
      attached: true,
    });
    expect(await deps.store.get(opened.uuid)).toEqual({
      uuid: opened.uuid,
      purpose: 'trust-line',
      status: 'pending',
      clientSecretHash: '',
      subjectId: 'U1',
      createdAt: AT,
      expiresAt: '2026-11-24T10:05:00.000Z',
      attempts: 0,
      lastCheckedAt: null,
      lastMessageId: null,
      completedAt: null,
      account: null,
    });
    expect(deps.queue.sent).toEqual([
      { check: { uuid: opened.uuid, purpose: 'trust-line', attempt: 1 }, delaySeconds: 2 },
    ]);
  });

  it("counts the expiry from the caller's instant and carries its reference and secret hash", async () => {
    const { deps, asked } = parts();
    const at = new Date('2026-11-24T09:00:00.000Z');
    const opened = await openSigningRequest({ ...ask, identifier: 'order-O1', clientSecretHash: 'ab', at }, deps);
    expect(asked[0]!.customMeta).toEqual({ identifier: 'order-O1', instruction: 'Sign it.' });
    expect(opened.expiresAt).toBe('2026-11-24T09:05:00.000Z');
    expect(await deps.store.get(opened.uuid)).toMatchObject({ clientSecretHash: 'ab', createdAt: at.toISOString() });
  });

  it('attaches after recording and claims before it; a request that lost its race is never checked', async () => {
    const lostAttach = parts();
    const attach = vi.fn(async () => false);
    const a = await openSigningRequest({ ...ask, attach }, lostAttach.deps);
    expect(a.attached).toBe(false);
    expect(attach).toHaveBeenCalledWith(expect.objectContaining({ uuid: a.uuid }));
    expect(await lostAttach.deps.store.get(a.uuid)).not.toBeNull();
    expect(lostAttach.deps.queue.sent).toEqual([]);

    const lostClaim = parts();
    const c = await openSigningRequest({ ...ask, claim: async () => false }, lostClaim.deps);
    expect(c.attached).toBe(false);
    expect(await lostClaim.deps.store.get(c.uuid)).toBeNull();
    expect(lostClaim.deps.queue.sent).toEqual([]);
  });
});
