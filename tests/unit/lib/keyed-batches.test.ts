import { describe, expect, it } from 'vitest';
import { keyedBatches } from '../../../functions/lib/keyed-batches';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('keyedBatches', () => {
  it('runs the jobs waiting for a key together, in arrival order, at most `max` a batch, each caller getting its own', async () => {
    const batches = keyedBatches<number, string, number>(3);
    const runs: number[][] = [];
    const run = async (jobs: readonly number[], latest: number | undefined, handOver: (n: number) => void) => {
      runs.push([...jobs]);
      await tick();
      handOver(jobs.at(-1)!);
      return jobs.map((j) => ({ status: 'fulfilled' as const, value: `${j} after ${latest ?? 'none'}` }));
    };
    const first = batches('a', 1, run);
    await tick(); // the first batch is running: the next ones wait together
    const rest = [2, 3, 4, 5, 6].map((j) => batches('a', j, run));
    const other = batches('b', 7, run);
    expect(await Promise.all([first, ...rest, other])).toEqual([
      '1 after none',
      '2 after 1',
      '3 after 1',
      '4 after 1',
      '5 after 4',
      '6 after 4',
      '7 after none',
    ]);
    expect(runs).toEqual([[1], [7], [2, 3, 4], [5, 6]]);
  });

  it("gives each job its own outcome, and every job of a batch the run's throw", async () => {
    const batches = keyedBatches<number, number, number>(10);
    const outcomes = await Promise.allSettled(
      [1, 2].map((j) =>
        batches('a', j, async (jobs) =>
          jobs.map((n) =>
            n === 1 ? { status: 'fulfilled' as const, value: n } : { status: 'rejected' as const, reason: 'no' },
          ),
        ),
      ),
    );
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: 'no' },
    ]);
    const thrown = await Promise.allSettled(
      [1, 2].map((j) =>
        batches('a', j, async () => {
          throw new Error('down');
        }),
      ),
    );
    expect(thrown.map((t) => t.status)).toEqual(['rejected', 'rejected']);
    // The key's turns go on after a throw.
    await expect(batches('a', 3, async (jobs) => jobs.map((n) => ({ status: 'fulfilled', value: n })))).resolves.toBe(
      3,
    );
  });
});
