import { describe, expect, it } from 'vitest';
import { enforceRateLimit, RateLimited, RATE_LIMITS, rateWindow } from '../../../../functions/core/auth/rate-limit';
import { MemoryRateLimits } from './memory-ports';

describe('fixed-window rate limits', () => {
  it('key a window by action and source IP, aligned to the window length', () => {
    const w = rateWindow('startSignIn', '203.0.113.7', new Date('2026-06-01T12:00:42.500Z'));
    expect(w.key).toBe('startSignIn#203.0.113.7');
    expect(w.windowStart).toBe(Date.parse('2026-06-01T12:00:00Z') / 1000);
    expect(w.retryAfterSeconds).toBe(18);
    expect(w.expiresAt).toBe(w.windowStart + 120);
  });

  it('always tell the caller to wait at least a second', () => {
    expect(rateWindow('startSignIn', 'ip', new Date('2026-06-01T12:00:59.999Z')).retryAfterSeconds).toBe(1);
  });

  it('allow the limit, refuse the next with retry-after, and start over in the next window', async () => {
    const store = new MemoryRateLimits();
    const now = new Date('2026-06-01T12:00:10Z');
    const { limit } = RATE_LIMITS.startSignIn;
    for (let i = 0; i < limit; i++) await enforceRateLimit(store, 'startSignIn', '198.51.100.1', now);
    const refused = await enforceRateLimit(store, 'startSignIn', '198.51.100.1', now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).status).toBe(429);
    expect((refused as RateLimited).headers).toEqual({ 'retry-after': '50' });
    // Other addresses and other actions have their own counters.
    await enforceRateLimit(store, 'startSignIn', '198.51.100.2', now);
    await enforceRateLimit(store, 'completeSignIn', '198.51.100.1', now);
    await enforceRateLimit(store, 'startSignIn', '198.51.100.1', new Date('2026-06-01T12:01:00Z'));
  });
});
