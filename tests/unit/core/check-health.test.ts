import { describe, expect, it } from 'vitest';
import { healthSchema } from '../../../shared/api/health';
import { cachedProbe, checkHealth, REMOTE_CHECK_TTL_MS } from '../../../functions/core/health/check-health';

const failingWith = (message: string) => async () => {
  throw new Error(message);
};

describe('checkHealth', () => {
  it('is ok only when every dependency answers', async () => {
    const ok = await checkHealth([{ name: 'table', check: async () => {} }]);
    expect(ok).toEqual({ status: 'ok', dependencies: [{ name: 'table', status: 'ok' }] });
    const failing = await checkHealth([
      { name: 'table', check: async () => {} },
      { name: 'media-bucket', check: failingWith('NoSuchBucket') },
    ]);
    expect(failing.status).toBe('failing');
    expect(failing.dependencies[1]).toEqual({ name: 'media-bucket', status: 'failing' });
  });

  it('says ok or failing per dependency and nothing else: the reason goes to the logs only', async () => {
    const leak = 'User: arn:aws:sts::123456789012:assumed-role/api is not authorized on marketplace-media (us-east-1)';
    const logged: [string, unknown][] = [];
    const health = await checkHealth([{ name: 'media-bucket', check: failingWith(leak) }], {
      onFailure: (name, error) => logged.push([name, error]),
    });
    expect(healthSchema.parse(health)).toEqual({
      status: 'failing',
      dependencies: [{ name: 'media-bucket', status: 'failing' }],
    });
    expect(JSON.stringify(health)).not.toMatch(/arn|123456789012|us-east-1|marketplace-media|authorized/);
    expect(logged).toEqual([['media-bucket', new Error(leak)]]);
    // The contract itself refuses anything more.
    expect(healthSchema.safeParse({ ...health, region: 'us-east-1' }).success).toBe(false);
    const detailed = { name: 'table', status: 'failing', detail: 'x' };
    expect(healthSchema.safeParse({ status: 'failing', dependencies: [detailed] }).success).toBe(false);
  });

  it('reports a dependency that does not answer in time as failing', async () => {
    const reasons: unknown[] = [];
    const result = await checkHealth([{ name: 'queue:events', check: () => new Promise(() => {}) }], {
      timeoutMs: 20,
      onFailure: (_, error) => reasons.push(error),
    });
    expect(result.dependencies[0]).toEqual({ name: 'queue:events', status: 'failing' });
    expect(String(reasons[0])).toContain('no answer within 20 ms');
  });
});

describe('remote checks (ledger, Xaman)', () => {
  function remote(outcomes: (() => Promise<void>)[]) {
    let at = new Date('2026-01-01T00:00:00Z');
    let calls = 0;
    const clock = { now: () => at };
    const probe = cachedProbe(
      { name: 'signer', check: () => (outcomes[Math.min(calls++, outcomes.length - 1)] ?? (async () => {}))() },
      clock,
    );
    return {
      probe,
      calls: () => calls,
      advance: (ms: number) => (at = new Date(at.getTime() + ms)),
    };
  }

  it('are asked at most once per 30 s, their answer reused meanwhile', async () => {
    expect(REMOTE_CHECK_TTL_MS).toBeGreaterThanOrEqual(30_000);
    const r = remote([async () => {}, failingWith('401 Unauthorized: bad api key')]);
    expect((await checkHealth([r.probe])).status).toBe('ok');
    r.advance(REMOTE_CHECK_TTL_MS - 1);
    await Promise.all([checkHealth([r.probe]), checkHealth([r.probe])]);
    expect(r.calls()).toBe(1);
    r.advance(1);
    expect(await checkHealth([r.probe])).toEqual({
      status: 'failing',
      dependencies: [{ name: 'signer', status: 'failing' }],
    });
    expect(r.calls()).toBe(2);
  });

  it('reuse a failure and a timeout too, so a failing service is not asked on every request', async () => {
    const r = remote([failingWith('ECONNREFUSED 10.0.0.7:443')]);
    for (let i = 0; i < 5; i++) {
      expect((await checkHealth([r.probe])).status).toBe('failing');
      r.advance(5_000);
    }
    expect(r.calls()).toBe(1);
    r.advance(5_000);
    await checkHealth([r.probe]);
    expect(r.calls()).toBe(2);

    let hung = 0;
    const clock = { now: () => new Date(0) };
    const hanging = cachedProbe({ name: 'ledger', check: () => (hung++, new Promise(() => {})) }, clock, 30_000, 10);
    expect((await checkHealth([hanging], { timeoutMs: 1_000 })).status).toBe('failing');
    expect((await checkHealth([hanging], { timeoutMs: 1_000 })).status).toBe('failing');
    expect(hung).toBe(1);
  });

  it('share one check between requests that arrive while it runs', async () => {
    let release = () => {};
    let calls = 0;
    const probe = cachedProbe(
      { name: 'ledger', check: () => (calls++, new Promise<void>((r) => (release = r))) },
      { now: () => new Date(0) },
    );
    const both = Promise.all([checkHealth([probe]), checkHealth([probe])]);
    release();
    expect((await both).map((h) => h.status)).toEqual(['ok', 'ok']);
    expect(calls).toBe(1);
  });
});
