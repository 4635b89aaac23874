import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/core/auth/rate-limit';
import { call } from './auth-support';

const FROM = '127.0.4.4';

describe('rate limits of the sign-in routes', () => {
  it('answers 429 with retry-after once an address used up its window, and counts per address', async () => {
    const { limit, windowSeconds } = RATE_LIMITS.createAccount;
    // Start in a fresh window, so the whole burst lands in one (fixed windows on the shared clock).
    const intoWindow = (Date.now() / 1000) % windowSeconds;
    if (windowSeconds - intoWindow < 5)
      await new Promise((r) => setTimeout(r, (windowSeconds - intoWindow + 0.2) * 1000));

    const attempt = (from: string) =>
      call('POST', '/api/users', { body: { username: 'rate_test', ticket: 'a.b.c' }, from });
    for (let i = 0; i < limit; i++) expect((await attempt(FROM)).status).toBe(401);
    const limited = await attempt(FROM);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'too_many_requests' } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    // Another address is not affected; other sign-in routes count separately.
    expect((await attempt('127.0.4.5')).status).toBe(401);
    expect((await call('GET', '/api/users/username-availability?username=abc', { from: FROM })).status).toBe(200);
  });
});
