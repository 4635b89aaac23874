import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { rateMs, schedules as scheduleDefs, type ScheduleDef } from '../../functions/routes';
import { grantCarrier } from './carrier-settings';
import type { DataStack } from './data-stack';
import {
  grantEscrowSettlement,
  grantMediaDelete,
  grantMediaRead,
  grantMediaUpload,
  grantSecretRead,
  grantSocketPosts,
  grantTable,
} from './grants';
import { grantAdminSecrets } from './managed-secrets';
import { acknowledgeWildcards, nagName } from './nag';
import { pascal } from './names';
import { HandlerFunction, type FunctionEnvironment } from './node-function';
import type { RealtimeStack } from './realtime-stack';

/** AWS: a queue's visibility timeout should be at least six times its consumer's timeout (retries within a batch). */
const VISIBILITY_TO_TIMEOUT = 6;
/** A scheduled job's time limit unless it needs more (jobTimeout). */
const JOB_TIMEOUT = Duration.seconds(60);
/** A job that follows transactions to validated ledgers one after another (a close or two each: 4 to 8 s). */
const LEDGER_JOB_TIMEOUT = Duration.minutes(3);
/**
 * Jobs that need more than their flags give, by schedule name (tests/infra/schedules.test.ts checks each names a
 * schedule). Past its limit a run counts as failed: retried, then sent to the schedules' dead-letter queue (an alarm).
 */
export const JOB_TIMEOUTS: Readonly<Record<string, Duration>> = {
  // Up to 10,000 shipped parcels asked of the Track API (30 a call: about 5 minutes), and each delivered one released
  // in turn; still under the 15-minute rate, so runs don't overlap.
  'check-deliveries': Duration.minutes(10),
  // Up to 1,000 orders of each status that is not final, each compared with the ledger.
  'reconcile-orders': Duration.minutes(5),
};

/** The time limit of a scheduled job: its own (JOB_TIMEOUTS), else by what it does. */
export function jobTimeout(def: ScheduleDef): Duration {
  return JOB_TIMEOUTS[def.name] ?? (def.submitsToLedger ? LEDGER_JOB_TIMEOUT : JOB_TIMEOUT);
}
/** Retries of a scheduled run (Scheduler's delivery and Lambda's asynchronous invocation each) before the DLQ. */
const SCHEDULE_RETRIES = 2;

export interface WorkersStackProps extends StackProps {
  data: DataStack;
  realtime: RealtimeStack;
  environment: FunctionEnvironment;
  schedules?: readonly ScheduleDef[];
}

/**
 * Queue consumers (partial batch responses) and scheduled jobs. Both may push to sockets (the events publisher,
 * connection sweeps), so both may manage connections; both read and write the table.
 */
export class WorkersStack extends Stack {
  readonly consumers: Record<string, HandlerFunction> = {};
  readonly jobs: Record<string, HandlerFunction> = {};
  readonly schedules: scheduler.Schedule[] = [];
  /** Failed scheduled runs (when there are schedules). */
  readonly scheduleDeadLetters?: sqs.Queue;

  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    super(scope, id, props);
    const { table, queues } = props.data;

    for (const { def, queue } of queues) {
      const timeoutSeconds = Math.floor(def.visibilityTimeoutSeconds / VISIBILITY_TO_TIMEOUT);
      if (timeoutSeconds < 3) {
        throw new Error(
          `Queue ${def.name}: visibility timeout ${def.visibilityTimeoutSeconds}s leaves under 3s per run`,
        );
      }
      const fn = new HandlerFunction(this, `${pascal(def.name)}Consumer`, {
        handler: def.consumer,
        environment: props.environment,
        timeout: Duration.seconds(timeoutSeconds),
        ...(def.nativeModules && { nativeModules: def.nativeModules, memorySize: 1024 }),
      });
      fn.fn.addEventSource(new SqsEventSource(queue, { batchSize: def.batchSize, reportBatchItemFailures: true }));
      grantTable(fn, table, 'readWrite');
      grantSocketPosts(fn, props.realtime.stage);
      // The signing consumer re-enqueues pending checks and announces results on the events queue.
      for (const { queue: target } of queues) target.grantSendMessages(fn.fn);
      // Only consumers that talk to Xaman (the signing queue polls its payloads) may read its secret.
      if (def.usesSigner) grantSecretRead(fn, props.data.xamanApiSecret);
      if (def.usesCarrier) grantCarrier(fn, props.data.carrier);
      // Keys saved in the admin portal take the place of the deployment's (decision 071).
      if (def.usesSigner || def.usesCarrier) grantAdminSecrets(fn, props.data.adminSecretsPrefix, 'read');
      if (def.mediaPrefix) {
        grantMediaRead(fn, props.data.mediaBucket);
        grantMediaUpload(fn, props.data.mediaBucket, def.mediaPrefix);
      }
      this.consumers[def.name] = fn;
    }

    const defs = props.schedules ?? scheduleDefs;
    // A run that still fails after its retries lands here, not nowhere: Scheduler's undeliverable invocations and the
    // jobs' own failures after Lambda's asynchronous retries alike.
    if (defs.length > 0) {
      this.scheduleDeadLetters = new sqs.Queue(this, 'SchedulesDeadLetterQueue', {
        enforceSSL: true,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(this.scheduleDeadLetters).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: 'This is the dead-letter queue of the scheduled jobs; a DLQ of a DLQ would only hide failures further.',
      });
    }
    for (const def of defs) {
      const deadLetterQueue = this.scheduleDeadLetters!;
      const fn = new HandlerFunction(this, `${pascal(def.name)}Job`, {
        handler: def.handler,
        environment: props.environment,
        timeout: jobTimeout(def),
      });
      grantTable(fn, table, 'readWrite');
      grantSocketPosts(fn, props.realtime.stage);
      for (const { queue } of queues) queue.grantSendMessages(fn.fn);
      // The same flags as routes (route-area-stack.ts), the same grants.
      if (def.usesSigner) grantSecretRead(fn, props.data.xamanApiSecret);
      if (def.usesCarrier) grantCarrier(fn, props.data.carrier);
      if (def.usesSigner || def.usesCarrier) grantAdminSecrets(fn, props.data.adminSecretsPrefix, 'read');
      if (def.opensFulfillments) grantEscrowSettlement(fn, props.data);
      for (const prefix of def.deletesMedia ?? []) grantMediaDelete(fn, props.data.mediaBucket, prefix);
      this.jobs[def.name] = fn;
      // Retries stop once the next run is due (a late run would only repeat what the next one does), within the 1 min
      // to 6 h both Scheduler and Lambda's asynchronous invocation accept.
      const maxEventAge = Duration.seconds(Math.min(Math.max(rateMs(def.rate) / 1000, 60), 6 * 3600));
      // Scheduler invokes Lambda asynchronously: a thrown job is retried by Lambda, then sent to the DLQ.
      fn.fn.configureAsyncInvoke({
        retryAttempts: SCHEDULE_RETRIES,
        maxEventAge,
        onFailure: new SqsDestination(deadLetterQueue),
      });
      this.schedules.push(
        new scheduler.Schedule(this, `${pascal(def.name)}Schedule`, {
          description: `Runs functions/${def.handler} at ${def.rate}`,
          schedule: scheduler.ScheduleExpression.expression(def.rate),
          target: new LambdaInvoke(fn.fn, { retryAttempts: SCHEDULE_RETRIES, maxEventAge, deadLetterQueue }),
        }),
      );
      // EventBridge Scheduler assumes a role CDK makes per target environment to invoke the jobs, granted the function
      // and its versions (`<arn>:*`); acknowledged stack-wide, as the finding names this function's ARN exactly.
      acknowledgeWildcards(this, {
        [`Resource::${nagName(this, fn.fn, fn.fn.functionArn, 'Arn')}:*`]: `Invoking any version of the ${def.name} job function, which the schedule targets, is intended.`,
      });
    }
  }
}
