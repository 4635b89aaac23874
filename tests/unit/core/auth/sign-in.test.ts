import { beforeEach, describe, expect, it } from 'vitest';
import type { BlobVerdict } from '../../../../functions/core/ledger/ports';
import { completeSignIn } from '../../../../functions/core/auth/complete-sign-in';
import { getSignInStatus } from '../../../../functions/core/auth/get-sign-in-status';
import { RATE_LIMITS } from '../../../../functions/core/auth/rate-limit';
import { hashSecret, secretMatches } from '../../../../functions/core/auth/sign-in';
import { startSignIn } from '../../../../functions/core/auth/start-sign-in';
import { verifyRegistrationTicket, verifySessionToken } from '../../../../functions/core/auth/tokens';
import { testClock } from '../../../fixtures/test-clock';
import {
  MemoryAccounts,
  MemoryEvents,
  MemoryQueue,
  MemoryRateLimits,
  MemorySessions,
  MemorySigningRequests,
  ScriptedSigner,
  state,
  TEST_KEY,
  statusOf,
} from './memory-ports';
import { noAdmission } from '../admin/memory-admin';

const NOW = new Date('2026-06-01T12:00:00Z');
const WALLET = 'rSignedInWallet1234567890123';
const IP = '203.0.113.9';

describe('sign-in', () => {
  let store: MemorySigningRequests;
  let signer: ScriptedSigner;
  let queue: MemoryQueue;
  let accounts: MemoryAccounts;
  let sessions: MemorySessions;
  let verdict: BlobVerdict;
  let verified: { blob: string; uuid: string }[];
  let ids: number;

  const deps = () => ({
    signer,
    store,
    events: new MemoryEvents(),
    ledger: {
      verifySignInBlob: async (blob: string, uuid: string) => {
        verified.push({ blob, uuid });
        return verdict;
      },
    },
    accounts,
    session: { sessions, key: async () => TEST_KEY, newId: () => `SESSION${++ids}`, clock: testClock(NOW) },
    mediaUrl: (k: string) => `http://media/${k}`,
    rateLimits: new MemoryRateLimits(),
    clock: testClock(NOW),
    admission: noAdmission(),
  });

  beforeEach(() => {
    store = new MemorySigningRequests();
    signer = new ScriptedSigner();
    queue = new MemoryQueue();
    accounts = new MemoryAccounts();
    sessions = new MemorySessions();
    verdict = { ok: true, account: WALLET, txid: 'AB', tx: {} };
    verified = [];
    ids = 0;
  });

  async function started() {
    const s = await startSignIn(IP, {
      signer,
      store,
      queue,
      rateLimits: new MemoryRateLimits(),
      clock: testClock(NOW),
    });
    return s;
  }

  function sign(uuid: string) {
    signer.states.set(
      uuid,
      state(uuid, 'signed', { response: { hex: 'BLOB', txid: 'AB', account: WALLET, signerPubkey: null } }),
    );
  }

  it('starts: stores only the hash of the browser’s secret, and queues the first check after 2 s', async () => {
    const s = await started();
    expect(s.topic).toBe(`signing:${s.uuid}`);
    expect(s.expiresAt).toBe('2026-06-01T12:05:00.000Z');
    const r = (await store.get(s.uuid))!;
    expect(r).toMatchObject({ purpose: 'sign-in', status: 'pending', attempts: 0, completedAt: null });
    expect(r.clientSecretHash).toBe(hashSecret(s.clientSecret));
    expect(r.clientSecretHash).not.toContain(s.clientSecret);
    expect(queue.sent).toEqual([{ check: { uuid: s.uuid, purpose: 'sign-in', attempt: 1 }, delaySeconds: 2 }]);
  });

  it('compares secrets by their hashes', () => {
    expect(secretMatches('abc', hashSecret('abc'))).toBe(true);
    expect(secretMatches('abd', hashSecret('abc'))).toBe(false);
    expect(secretMatches('abc', 'short')).toBe(false);
  });

  it('gives a new wallet a registration ticket bound to the verified account', async () => {
    const s = await started();
    sign(s.uuid);
    const out = await completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps());
    expect(out.kind).toBe('registration');
    if (out.kind !== 'registration') return;
    expect(out.walletAddress).toBe(WALLET);
    expect(await verifyRegistrationTicket(out.ticket, TEST_KEY, NOW)).toEqual({ walletAddress: WALLET });
    expect(verified).toEqual([{ blob: 'BLOB', uuid: s.uuid }]);
    expect((await store.get(s.uuid))!).toMatchObject({ account: WALLET, completedAt: NOW.toISOString() });
  });

  it('gives a known wallet a session', async () => {
    accounts.users.set('U1', { userId: 'U1', username: 'alice', walletAddress: WALLET, role: 'user', createdAt: '' });
    accounts.flags.set('U1', { isSeller: true, isVerified: false, avatarKey: 'avatars/U1.png' });
    const s = await started();
    sign(s.uuid);
    const out = await completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps());
    expect(out).toMatchObject({
      kind: 'session',
      user: { id: 'U1', username: 'alice', isSeller: true, avatarUrl: 'http://media/avatars/U1.png' },
    });
    if (out.kind !== 'session') return;
    expect(await verifySessionToken(out.session.token, TEST_KEY, NOW)).toMatchObject({ userId: 'U1' });
    expect(sessions.records.size).toBe(1);
  });

  it('refuses a suspended account (403) and opens no session (decision 066)', async () => {
    const alice = { userId: 'U1', username: 'alice', walletAddress: WALLET, role: 'user' as const, createdAt: '' };
    accounts.users.set('U1', { ...alice, suspendedAt: NOW.toISOString() });
    const s = await started();
    sign(s.uuid);
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      403,
    );
    expect(sessions.records.size).toBe(0);
  });

  it('revokes the session a sign-in opened while the account was being suspended (decision 066)', async () => {
    const alice = { userId: 'U1', username: 'alice', walletAddress: WALLET, role: 'user' as const, createdAt: '' };
    accounts.users.set('U1', alice);
    // The suspension lands between the sign-in's check and its second, consistent read.
    accounts.userByWallet = async () => alice;
    accounts.users.set('U1', { ...alice, suspendedAt: NOW.toISOString() });
    const s = await started();
    sign(s.uuid);
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      403,
    );
    expect([...sessions.records.values()].every((r) => r.revokedAt !== null)).toBe(true);
    expect(sessions.records.size).toBe(1);
  });

  it('refuses another browser (403), a replay (409), an unsigned request (409) and an unknown one (404)', async () => {
    const s = await started();
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      409,
    );
    sign(s.uuid);
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: 'y'.repeat(43), sourceIp: IP }, deps()))).toBe(
      403,
    );
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      'ok',
    );
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      409,
    );
    expect(
      await statusOf(
        completeSignIn(
          { uuid: '00000000-0000-4000-8000-00000000ffff', clientSecret: s.clientSecret, sourceIp: IP },
          deps(),
        ),
      ),
    ).toBe(404);
  });

  it('refuses a blob the ledger check does not verify, or one for another account, without using the request', async () => {
    const s = await started();
    sign(s.uuid);
    verdict = { ok: false, reason: 'bad signature' };
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      403,
    );
    verdict = { ok: true, account: 'rSomeoneElse1234567890123456', txid: 'AB', tx: {} };
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      403,
    );
    expect((await store.get(s.uuid))!.completedAt).toBeNull();
  });

  it('refuses a signed payload of another type than SignIn', async () => {
    const s = await started();
    sign(s.uuid);
    signer.states.get(s.uuid)!.txType = 'Payment';
    expect(await statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps()))).toBe(
      409,
    );
  });

  it('lets only one of two concurrent completions through', async () => {
    const s = await started();
    sign(s.uuid);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        statusOf(completeSignIn({ uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP }, deps())),
      ),
    );
    expect(results.sort()).toEqual([409, 409, 'ok']);
  });

  it('refuses to complete a request past its expiry and opens no session (078)', async () => {
    accounts.users.set('U1', { userId: 'U1', username: 'alice', walletAddress: WALLET, role: 'user', createdAt: '' });
    accounts.flags.set('U1', { isSeller: false, isVerified: false, avatarKey: null });
    const s = await started();
    sign(s.uuid);
    const late = { ...deps(), clock: testClock(new Date(Date.parse(s.expiresAt))) };
    const answer = { uuid: s.uuid, clientSecret: s.clientSecret, sourceIp: IP };
    await expect(completeSignIn(answer, late)).rejects.toMatchObject({ status: 409, code: 'sign_in_expired' });
    expect(sessions.records.size).toBe(0);
    expect(verified).toEqual([]);
    expect((await store.get(s.uuid))!.completedAt).toBeNull();
    // A moment before it expires it still completes.
    const inTime = { ...deps(), clock: testClock(new Date(Date.parse(s.expiresAt) - 1000)) };
    expect(await statusOf(completeSignIn(answer, inTime))).toBe('ok');
  });

  it('counts status polls per request and per address before reading anything, unknown ids too (078)', async () => {
    const s = await started();
    const limits = new MemoryRateLimits();
    const poll = (uuid: string, ip = IP) =>
      statusOf(getSignInStatus(uuid, ip, { ...deps(), rateLimits: limits, store }));
    const perRequest = RATE_LIMITS.signInStatusPerRequest.limit;
    for (let i = 0; i < perRequest; i++) expect(await poll(s.uuid, `198.51.100.${i}`)).toBe('ok');
    expect(await poll(s.uuid, '198.51.100.250')).toBe(429);
    const unknown = (n: number) => `00000000-0000-4000-8000-${String(1000 + n).padStart(12, '0')}`;
    const perAddress = RATE_LIMITS.signInStatusPerAddress.limit;
    for (let i = 0; i < perAddress; i++) expect(await poll(unknown(i), '192.0.2.1')).toBe(404);
    const reads = signer.gets;
    expect(await poll(unknown(perAddress), '192.0.2.1')).toBe(429);
    expect(signer.gets).toBe(reads);
  });

  it('names the site and a short code on both screens: the answer and the wallet request (078)', async () => {
    const s = await started();
    expect(s.code).toMatch(/^[A-HJ-KMNP-Z2-9]{4}$/);
    expect(signer.requests[0]!.customMeta).toEqual({
      instruction: `Sign in to RLUSD Marketplace with code ${s.code}. Approve only if the sign-in screen shows the same code. Signing moves no funds.`,
      blob: { site: 'RLUSD Marketplace', signInCode: s.code },
    });
    const codes = new Set(await Promise.all(Array.from({ length: 20 }, async () => (await started()).code)));
    expect(codes.size).toBeGreaterThan(15);
  });
});
