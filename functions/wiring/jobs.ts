/**
 * What every scheduled job, queue consumer and socket handler is built with, bound to this deployment's clock, job
 * leases and table (decision 044). Jobs import it from here, never from adapters.
 */
export { scheduledJob } from '../lib/scheduled-job';
export type { ScheduledRun } from '../lib/scheduled-job';
export { sqsConsumer } from '../lib/sqs-consumer';
export type { MessageContext } from '../lib/sqs-consumer';
export { socketHandler } from '../lib/socket-handler';
export { oneRunAtATime } from '../lib/one-run-at-a-time';
