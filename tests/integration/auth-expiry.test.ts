import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignIn } from '../../functions/core/auth/sign-in';
import { checkSigningRequest, readThroughStatus } from '../../functions/core/signing/poll-signing';
import { XamanSigner } from '../../functions/adapters/signer/xaman-signer';
import { startXamanService, type XamanService } from '../../infra/local/xaman/service';
import { MemoryEvents, MemoryQueue, MemorySigningRequests } from '../unit/core/auth/memory-ports';

/**
 * Expiry needs the signer's clock moved past the 5 minutes, which the shared stack's stand-in can't do from here: this
 * file runs its own Xaman stand-in with a test clock and drives the sign-in and the queue check through the production
 * signer adapter (xumm-sdk over HTTP), with in-memory records.
 */
const KEY = '00000000-e7e7-4000-8000-000000000001';
const SECRET = '00000000-e7e7-4000-8000-000000000002';

describe('an expired sign-in request', () => {
  let service: XamanService;
  let dataDir: string;
  let clock = Date.now();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-expiry-'));
    service = await startXamanService({
      port: 0,
      dataDir,
      apiKey: KEY,
      apiSecret: SECRET,
      // No signing happens here: no ledger, no dev wallets.
      ledgerUrl: 'ws://127.0.0.1:9',
      faucetUrl: 'http://127.0.0.1:9/accounts',
      rlusdIssuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji',
      devWallets: 0,
      now: () => new Date(clock),
    });
  });

  afterAll(async () => {
    await service?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads expired after 5 minutes, from the queue check and from a status read, and is announced', async () => {
    const signer = new XamanSigner({ apiUrl: service.url, apiKey: KEY, apiSecret: async () => SECRET });
    const store = new MemorySigningRequests();
    const queue = new MemoryQueue();
    const events = new MemoryEvents();
    const [a, b] = [
      await startSignIn({ signer, store, queue, now: new Date(clock) }),
      await startSignIn({ signer, store, queue, now: new Date(clock) }),
    ];
    const first = { uuid: a.uuid, purpose: 'sign-in' as const, attempt: 1 };
    expect(await checkSigningRequest(first, 'm1', { store, signer, queue, events, now: new Date(clock) })).toBe(
      'pending',
    );

    clock += 5 * 60_000 + 1_000;
    const now = new Date(clock);
    expect(await checkSigningRequest({ ...first, attempt: 2 }, 'm2', { store, signer, queue, events, now })).toBe(
      'resolved',
    );
    expect((await store.get(a.uuid))!.status).toBe('expired');
    expect(await readThroughStatus((await store.get(b.uuid))!, { store, signer, events, now })).toBe('expired');
    expect(events.published).toEqual([
      { uuid: a.uuid, status: 'expired' },
      { uuid: b.uuid, status: 'expired' },
    ]);
  });
});
