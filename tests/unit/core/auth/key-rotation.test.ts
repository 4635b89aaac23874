import { describe, expect, it, vi } from 'vitest';
import { authenticate, openSession, SessionRefused } from '../../../../functions/core/auth/sessions';
import { testClock } from '../../../fixtures/test-clock';
import { MemorySessions, TEST_KEY } from './memory-ports';

const NOW = new Date('2026-06-01T12:00:00Z');
const ROTATED = new TextEncoder().encode('rotated-session-signing-key-9876543210abcdef');

describe('sessions across a signing key rotation (decision 008)', () => {
  it('accepts a token signed with the new key in a container still caching the old one, after one re-read', async () => {
    const sessions = new MemorySessions();
    const { token } = await openSession('U1', {
      sessions,
      key: async () => ROTATED,
      newId: () => 'S1',
      clock: testClock(NOW),
    });
    const rereadKey = vi.fn(async () => ROTATED);
    const stale = { sessions, key: async () => TEST_KEY, rereadKey, clock: testClock(NOW) };
    expect(await authenticate(token, stale)).toMatchObject({ userId: 'U1', sessionId: 'S1' });
    expect(rereadKey).toHaveBeenCalledTimes(1);
  });

  it('refuses a token no current key signed (a forged one, or one of the key rotated away)', async () => {
    const sessions = new MemorySessions();
    const { token } = await openSession('U1', {
      sessions,
      key: async () => TEST_KEY,
      newId: () => 'S1',
      clock: testClock(NOW),
    });
    const unchanged = { sessions, key: async () => ROTATED, rereadKey: async () => null, clock: testClock(NOW) };
    await expect(authenticate(token, unchanged)).rejects.toBeInstanceOf(SessionRefused);
    const rotatedAgain = { sessions, key: async () => ROTATED, rereadKey: async () => ROTATED, clock: testClock(NOW) };
    await expect(authenticate(token, rotatedAgain)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('does not re-read the key for a token refused for another reason (expired)', async () => {
    const sessions = new MemorySessions();
    const { token } = await openSession('U1', {
      sessions,
      key: async () => TEST_KEY,
      newId: () => 'S1',
      clock: testClock(NOW),
    });
    const rereadKey = vi.fn(async () => ROTATED);
    const later = new Date(NOW.getTime() + 13 * 3600_000);
    await expect(
      authenticate(token, { sessions, key: async () => TEST_KEY, rereadKey, clock: testClock(later) }),
    ).rejects.toMatchObject({
      reason: 'expired',
    });
    expect(rereadKey).not.toHaveBeenCalled();
  });
});
