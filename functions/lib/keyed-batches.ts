import { keyedLane } from './keyed-lane';

/**
 * Jobs on one key, run in turns in this process (a keyed lane, functions/lib/keyed-lane.ts), where whoever's turn comes
 * takes every job waiting for the key, its own among them, up to `max` in arrival order, and runs them together; each
 * caller gets its own job's outcome, and the turns of jobs already run pass at once. Nothing is shared between
 * processes: in a Lambda container (one request at a time) every batch is a batch of one.
 */
export type KeyedBatches<J, R, S> = (
  key: string,
  job: J,
  /** Runs `jobs` (in arrival order) and gives each its outcome, in the same order. */
  run: (
    jobs: readonly J[],
    latest: S | undefined,
    handOver: (latest: S) => void,
  ) => Promise<readonly PromiseSettledResult<R>[]>,
) => Promise<R>;

interface Waiting<J, R> {
  job: J;
  taken: boolean;
  resolve(value: R): void;
  reject(reason: unknown): void;
}

export function keyedBatches<J, R, S>(max: number): KeyedBatches<J, R, S> {
  const lane = keyedLane<S>();
  const waiting = new Map<string, Waiting<J, R>[]>();
  return (key, job, run) =>
    new Promise<R>((resolve, reject) => {
      const mine: Waiting<J, R> = { job, taken: false, resolve, reject };
      const queue = waiting.get(key) ?? [];
      waiting.set(key, queue);
      queue.push(mine);
      // The queue and the lane both keep arrival order, so a turn whose job is still waiting finds it first in line.
      lane(key, async (latest, handOver) => {
        if (mine.taken) return;
        const taken = queue.splice(0, max);
        if (queue.length === 0 && waiting.get(key) === queue) waiting.delete(key);
        for (const t of taken) t.taken = true;
        let outcomes: readonly PromiseSettledResult<R>[];
        try {
          outcomes = await run(
            taken.map((t) => t.job),
            latest,
            handOver,
          );
        } catch (error) {
          for (const t of taken) t.reject(error);
          return;
        }
        taken.forEach((t, i) => {
          const outcome = outcomes[i];
          if (outcome?.status === 'fulfilled') t.resolve(outcome.value);
          else t.reject(outcome ? outcome.reason : new Error('a batched job got no outcome'));
        });
      }).catch(reject);
    });
}
