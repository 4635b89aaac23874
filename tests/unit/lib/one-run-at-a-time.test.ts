import { describe, expect, it, vi } from 'vitest';
import type { JobLeases } from '../../../functions/adapters/db/job-lease-store';
import { isSkippedRun, oneRunAtATime, SKIPPED_RUN } from '../../../functions/lib/one-run-at-a-time';
import type { ScheduledRun } from '../../../functions/lib/scheduled-job';

/** The table's lease as the conditional put and delete keep it: one holder until its expiry. */
function memoryLeases() {
  let held: { holder: string; until: number } | null = null;
  const leases = {
    acquire: vi.fn(async (_job: string, holder: string, until: number, now: number) => {
      if (held && held.until > now) return false;
      held = { holder, until };
      return true;
    }),
    release: vi.fn(async (_job: string, holder: string) => {
      if (held?.holder === holder) held = null;
    }),
  } satisfies JobLeases;
  return { leases, held: () => held };
}

const aRun = (deadline = Date.now() + 180_000): ScheduledRun =>
  ({
    now: new Date(),
    deadline,
    log: { info: vi.fn(), warn: vi.fn() },
    metrics: {},
  }) as unknown as ScheduledRun;

describe('oneRunAtATime', () => {
  it('lets one of two overlapping runs work; the other does nothing; the next run after it works again', async () => {
    const { leases, held } = memoryLeases();
    let finish!: () => void;
    const work = vi.fn(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    const job = oneRunAtATime('settle-escrows', work, () => leases);

    const first = job(aRun());
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    const second = await job(aRun());
    expect(second).toEqual(SKIPPED_RUN);
    expect(isSkippedRun(second)).toBe(true);
    expect(work).toHaveBeenCalledTimes(1);

    finish();
    expect(await first).toBe('done');
    expect(held()).toBeNull();
    const third = job(aRun());
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(2));
    finish();
    expect(await third).toBe('done');
  });

  it("holds the lease until the run's deadline, so a run Lambda stopped frees it then", async () => {
    const { leases } = memoryLeases();
    const deadline = Date.now() + 180_000;
    await oneRunAtATime(
      'settle-escrows',
      async () => 1,
      () => leases,
    )(aRun(deadline));
    expect(leases.acquire).toHaveBeenCalledWith('settle-escrows', expect.any(String), deadline, expect.any(Number));
    // A lease left behind (its run never gave it back) is taken once its deadline has passed.
    await leases.acquire('settle-escrows', 'stopped', Date.now() - 1, Date.now() - 60_000);
    expect(
      await oneRunAtATime(
        'settle-escrows',
        async () => 2,
        () => leases,
      )(aRun()),
    ).toBe(2);
  });

  it('gives the lease back when the run fails, and still fails it', async () => {
    const { leases, held } = memoryLeases();
    const job = oneRunAtATime(
      'settle-escrows',
      async () => {
        throw new Error('ledger down');
      },
      () => leases,
    );
    await expect(job(aRun())).rejects.toThrow('ledger down');
    expect(held()).toBeNull();
  });

  it('tells a skipped run from a result', () => {
    expect(isSkippedRun({ expired: 0, settled: 0, pending: 0 })).toBe(false);
    expect(isSkippedRun(null)).toBe(false);
    expect(isSkippedRun({ skipped: 'another run is under way' })).toBe(true);
  });
});
