import type { ScheduledRun } from './scheduled-job';

/** What a run answers when another run of its job is still under way. */
export const SKIPPED_RUN = { skipped: 'another run is under way' } as const;
export type SkippedRun = typeof SKIPPED_RUN;

/** The table's job leases: one holder at a time, until its deadline. */
export interface JobLeases {
  /** Takes the job's lease until `untilMs` if nobody holds it or its holder's time is up; false when held. */
  acquire(job: string, holder: string, untilMs: number, nowMs: number): Promise<boolean>;
  /** Gives the lease back, if `holder` still has it. */
  release(job: string, holder: string): Promise<void>;
}

export function isSkippedRun(result: unknown): result is SkippedRun {
  return (result as Partial<SkippedRun> | null)?.skipped === SKIPPED_RUN.skipped;
}

/**
 * A scheduled job whose runs never overlap (decision 025): EventBridge Scheduler starts the next run on time even when
 * the last one is still going. A run first takes the job's lease in the table until its own deadline (so a run Lambda
 * stops frees it by then); one that finds it held does nothing. For jobs where overlapping runs only repeat each other's
 * work and contend for the platform account's sequence; their steps stay safe to run twice regardless.
 */
export function oneRunAtATime<R>(
  job: string,
  impl: (run: ScheduledRun) => Promise<R>,
  leases: () => JobLeases,
): (run: ScheduledRun) => Promise<R | SkippedRun> {
  return async (run) => {
    const store = leases();
    const holder = crypto.randomUUID();
    // Real time, not the functions' clock (tests move that): the lease is about how long a run really lasts.
    if (!(await store.acquire(job, holder, run.deadline, Date.now()))) {
      run.log.info('another run is under way; this one does nothing', { job });
      return SKIPPED_RUN;
    }
    try {
      return await impl(run);
    } finally {
      // Not given back (the table unreachable now): it expires at the run's deadline.
      await store.release(job, holder).catch((error) => run.log.warn('job lease not given back', { job, error }));
    }
  };
}
