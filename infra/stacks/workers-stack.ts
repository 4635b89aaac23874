import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { schedules as scheduleDefs, type ScheduleDef } from '../../functions/routes';
import type { DataStack } from './data-stack';
import { grantMediaRead, grantMediaUpload, grantSecretRead, grantSocketPosts, grantTable } from './grants';
import { acknowledgeWildcards, nagName } from './nag';
import { pascal } from './names';
import { HandlerFunction, type FunctionEnvironment } from './node-function';
import type { RealtimeStack } from './realtime-stack';

/** AWS: a queue's visibility timeout should be at least six times its consumer's timeout (retries within a batch). */
const VISIBILITY_TO_TIMEOUT = 6;
const JOB_TIMEOUT = Duration.seconds(60);

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
      if (def.mediaPrefix) {
        grantMediaRead(fn, props.data.mediaBucket);
        grantMediaUpload(fn, props.data.mediaBucket, def.mediaPrefix);
      }
      this.consumers[def.name] = fn;
    }

    for (const def of props.schedules ?? scheduleDefs) {
      const fn = new HandlerFunction(this, `${pascal(def.name)}Job`, {
        handler: def.handler,
        environment: props.environment,
        timeout: JOB_TIMEOUT,
      });
      grantTable(fn, table, 'readWrite');
      grantSocketPosts(fn, props.realtime.stage);
      for (const { queue } of queues) queue.grantSendMessages(fn.fn);
      if (def.usesSigner) grantSecretRead(fn, props.data.xamanApiSecret);
      this.jobs[def.name] = fn;
      this.schedules.push(
        new scheduler.Schedule(this, `${pascal(def.name)}Schedule`, {
          description: `Runs functions/${def.handler} every ${def.everyMinutes} minute(s)`,
          schedule: scheduler.ScheduleExpression.rate(Duration.minutes(def.everyMinutes)),
          // A missed run is covered by the next one; retries would only pile up behind it.
          target: new LambdaInvoke(fn.fn, { retryAttempts: 0 }),
        }),
      );
      // EventBridge Scheduler assumes one shared role (per stack) to invoke the jobs; CDK grants it the function and
      // its versions (`<arn>:*`).
      const schedulerRole = this.node.children.find((c) => c.node.id.startsWith('SchedulerRoleForTarget'));
      if (!schedulerRole) throw new Error('EventBridge Scheduler role not found');
      acknowledgeWildcards(schedulerRole, {
        [`Resource::${nagName(schedulerRole, fn.fn, fn.fn.functionArn, 'Arn')}:*`]: `Invoking any version of the ${def.name} job function, which the schedule targets, is intended.`,
      });
    }
  }
}
