import { lambdaHandler } from './lambda-handler';
import type { Logger } from './logger';
import type { BusinessMetrics } from './metrics';

/** A source of the current time (core's Clock has this shape). */
export interface TimeSource {
  now(): Date;
}

/** What a scheduled job gets: the time of its run, its logger and metrics, and when Lambda stops it. */
export interface ScheduledRun {
  now: Date;
  log: Logger;
  metrics: BusinessMetrics;
  /** Epoch ms (real time, not the functions' clock) at which the run's time limit ends it. */
  deadline: number;
}

/** Without a Lambda context (never in AWS): Lambda's longest run. */
const LONGEST_RUN_MS = 15 * 60_000;

/** The fields of EventBridge Scheduler's event a job reads (the local timers send the same). */
export interface ScheduledEvent {
  id?: string;
  time?: string;
}

/** The run's time: the event's scheduled `time` when it has one, else the functions' clock (tests may move it). */
function runTime(event: ScheduledEvent, clock: TimeSource): Date {
  const at = event.time ? new Date(event.time) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : clock.now();
}

/**
 * The middy chain of an EventBridge Scheduler target. A failed run throws, so Scheduler's retry policy (and the local
 * timer's next tick) runs it again; jobs are written to survive running twice.
 */
export function scheduledJob<R>(service: string, impl: (run: ScheduledRun) => Promise<R>, clock: TimeSource) {
  return lambdaHandler<ScheduledEvent, R>(
    service,
    async (event, { log, metrics, context }) => {
      const now = runTime(event, clock);
      log.info('scheduled run', { at: now.toISOString() });
      const deadline = Date.now() + (context?.getRemainingTimeInMillis() ?? LONGEST_RUN_MS);
      return impl({ now, log, metrics, deadline });
    },
    { correlationId: (event) => event.id },
  );
}
