import { beforeEach, describe, expect, it } from 'vitest';
import { refreshSession } from '../../../../functions/core/auth/refresh-session';
import { authenticate, openSession, SessionRefused } from '../../../../functions/core/auth/sessions';
import { signOut } from '../../../../functions/core/auth/sign-out';
import { testClock } from '../../../fixtures/test-clock';
import { MemorySessions, TEST_KEY } from './memory-ports';

const NOW = new Date('2026-06-01T12:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (error) {
    if (error instanceof SessionRefused) return error.reason;
    throw error;
  }
}

describe('sessions', () => {
  let sessions: MemorySessions;
  const deps = (at: Date) => ({ sessions, key: async () => TEST_KEY, newId: () => 'S1', clock: testClock(at) });

  beforeEach(() => {
    sessions = new MemorySessions();
  });

  it('open a revocable session record and a token that authenticates', async () => {
    const s = await openSession('U1', deps(NOW));
    expect(sessions.records.get('S1')).toMatchObject({ userId: 'U1', expiresAt: s.expiresAt, revokedAt: null });
    expect(await authenticate(s.token, deps(at(60)))).toMatchObject({ userId: 'U1', sessionId: 'S1' });
  });

  it('refuse a token of a revoked (signed out) session', async () => {
    const s = await openSession('U1', deps(NOW));
    const p = await authenticate(s.token, deps(NOW));
    await signOut(p, deps(NOW));
    expect(await refusal(authenticate(s.token, deps(NOW)))).toBe('revoked');
  });

  it("start a route's own reads on a verified token's claims as the session is read, never on a forged token", async () => {
    const s = await openSession('U1', deps(NOW));
    const seen: unknown[] = [];
    let reads = 0;
    const counted = {
      ...deps(NOW),
      sessions: Object.assign(Object.create(sessions) as MemorySessions, {
        get: (id: string) => (reads++, sessions.get(id)),
      }),
    };
    const alongside = (claims: unknown) => seen.push([claims, reads]);
    await authenticate(s.token, counted, alongside);
    // Called once the session read was asked for (so both can go to the table together), with the verified claims.
    expect(seen).toEqual([[{ userId: 'U1', sessionId: 'S1' }, 1]]);
    // A revoked session's reads start too (the record is not read yet): the route uses them only once it is live.
    await signOut(await authenticate(s.token, deps(NOW)), deps(NOW));
    expect(await refusal(authenticate(s.token, deps(NOW), alongside))).toBe('revoked');
    const forged = `${s.token.slice(0, -4)}AAAA`;
    expect(await refusal(authenticate(forged, deps(NOW), alongside))).toBe('invalid');
    expect(seen).toHaveLength(2);
  });

  it('refuse a token whose session record is gone or belongs to another user', async () => {
    const s = await openSession('U1', deps(NOW));
    sessions.records.get('S1')!.userId = 'U2';
    expect(await refusal(authenticate(s.token, deps(NOW)))).toBe('unknown_session');
    sessions.records.clear();
    expect(await refusal(authenticate(s.token, deps(NOW)))).toBe('unknown_session');
  });

  it('refuse an expired token', async () => {
    const s = await openSession('U1', deps(NOW));
    expect(await refusal(authenticate(s.token, deps(at(12 * 3600 + 1))))).toBe('expired');
  });

  it('refresh: a new 12 h token for the same session, which moves the record’s expiry', async () => {
    const s = await openSession('U1', deps(NOW));
    const p = await authenticate(s.token, deps(at(3600)));
    const r = await refreshSession(p, deps(at(3600)));
    expect(Date.parse(r.expiresAt)).toBe(at(13 * 3600).getTime());
    expect(sessions.records.get('S1')!.expiresAt).toBe(r.expiresAt);
    expect(await authenticate(r.token, deps(at(12 * 3600 + 60)))).toMatchObject({ sessionId: 'S1' });
  });

  it('refuse to refresh a token with under 5 minutes left', async () => {
    const s = await openSession('U1', deps(NOW));
    const late = at(12 * 3600 - 299);
    const p = await authenticate(s.token, deps(late));
    expect(await refusal(refreshSession(p, deps(late)))).toBe('too_close_to_expiry');
    const inTime = at(12 * 3600 - 300);
    expect(await refusal(refreshSession(await authenticate(s.token, deps(inTime)), deps(inTime)))).toBe('accepted');
  });

  it('refuse to refresh a session revoked meanwhile', async () => {
    const s = await openSession('U1', deps(NOW));
    const p = await authenticate(s.token, deps(NOW));
    await signOut(p, deps(NOW));
    expect(await refusal(refreshSession(p, deps(NOW)))).toBe('revoked');
  });

  it('end a session 30 days after its sign-in however often it is refreshed (decision 078)', async () => {
    const s = await openSession('U1', deps(NOW));
    const day = 24 * 3600;
    const end = at(30 * day).getTime();
    let current = s;
    // Refreshed 10 minutes before each expiry, as the browser does: every token ends by the session's end.
    for (let refreshes = 0; Date.parse(current.expiresAt) < end; refreshes++) {
      expect(refreshes).toBeLessThan(62);
      const t = new Date(Date.parse(current.expiresAt) - 600_000);
      current = await refreshSession(await authenticate(current.token, deps(t)), deps(t));
      expect(Date.parse(current.expiresAt)).toBeLessThanOrEqual(end);
    }
    // The renewal of the last token can extend nothing: refused, so the browser signs in again.
    const last = new Date(end - 600_000);
    const p = await authenticate(current.token, deps(last));
    expect(await refusal(refreshSession(p, deps(last)))).toBe('lifetime_over');
    expect(await refusal(authenticate(current.token, deps(at(30 * day - 1))))).toBe('accepted');
    expect(await refusal(authenticate(current.token, deps(at(30 * day))))).toBe('expired');
    // A record whose expiry lies past the end (written before this rule) still ends at 30 days.
    const old = await openSession('U1', { ...deps(at(30 * day - 3600)), newId: () => 'S2' });
    sessions.records.get('S2')!.createdAt = NOW.toISOString();
    expect(await refusal(authenticate(old.token, deps(at(30 * day + 1))))).toBe('lifetime_over');
  });
});
