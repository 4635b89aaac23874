import { clock } from '../adapters/clock';
import { jobLeases } from '../adapters/db/job-lease-store';
import { db } from '../adapters/db/service';
import { oneRunAtATime as oneRunAtATimeWith } from '../lib/one-run-at-a-time';
import { scheduledJob as scheduledJobWith, type ScheduledRun } from '../lib/scheduled-job';

/**
 * What every scheduled job, queue consumer and socket handler is built with, bound to this deployment's clock, job
 * leases and table (decision 044). Jobs import it from here, never from adapters.
 */
export const scheduledJob = <R>(service: string, impl: (run: ScheduledRun) => Promise<R>) =>
  scheduledJobWith(service, impl, clock);
export type { ScheduledRun } from '../lib/scheduled-job';
export { sqsConsumer } from '../lib/sqs-consumer';
export type { MessageContext } from '../lib/sqs-consumer';
export { socketHandler } from '../lib/socket-handler';

/** A job whose runs never overlap, leased in the one table (functions/lib/one-run-at-a-time.ts). */
export const oneRunAtATime = <R>(job: string, impl: (run: ScheduledRun) => Promise<R>) =>
  oneRunAtATimeWith(job, impl, () => jobLeases(db()));
