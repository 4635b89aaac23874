import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { ApiStack } from './api-stack';
import type { DataStack } from './data-stack';
import { stageDashboard } from './dashboard';
import type { EdgeStack } from './edge-stack';
import { pascal } from './names';
import type { HandlerFunction } from './node-function';
import { escrowMetrics } from './operations-metrics';
import type { RealtimeStack } from './realtime-stack';
import type { WorkersStack } from './workers-stack';

/** Share of HTTP API requests answered 5xx over five minutes (percent) that alarms, once there are enough requests. */
export const SERVER_ERROR_PERCENT = 5;
export const SERVER_ERROR_MIN_REQUESTS = 20;

/** The signing queue's oldest message may wait this long (a payload is re-checked every 5 s; decision 076). */
export const SIGNING_QUEUE_MAX_AGE_SECONDS = 120;
/** An order may wait this long in releasing, or in refunding past its CancelAfter, before an operator hears of it. */
export const SETTLEMENT_WAIT_MINUTES = 30;
/** Settlement failures alarm once they recur over this many 5-minute periods in a row (a single retry is normal). */
export const SETTLEMENT_FAILURE_PERIODS = 3;

export interface AlarmsStackProps extends StackProps {
  stage: string;
  edge: EdgeStack;
  data: DataStack;
  api: ApiStack;
  realtime: RealtimeStack;
  workers: WorkersStack;
  /** Subscribed to the topic when given (context alarmEmail); others subscribe themselves (README). */
  alarmEmail?: string;
}

/**
 * What an operator must hear about: a message in any dead-letter queue, the HTTP API answering 5xx, throttling (a
 * function at its concurrency limit, or the API stage answering 429), and the money (decision 076): stuck escrows,
 * settlement failures, reconcile drift, a signing queue falling behind, an order waiting in releasing or refunding.
 * Every alarm notifies one SNS topic; the stage's dashboard shows the same figures. docs/operations.md says what each
 * alarm means and what to do.
 */
export class AlarmsStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  /** The alarms of docs/operations.md other than per-function throttles, by construct id. */
  readonly operations: Record<string, cloudwatch.Alarm> = {};
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: AlarmsStackProps) {
    super(scope, id, props);

    // CloudWatch can't publish to a topic under the AWS-managed SNS key; this key lets it.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the alarm topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `${id} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.topic);
    const alarm = (alarmId: string, options: Omit<cloudwatch.AlarmProps, 'treatMissingData'>) => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        ...options,
      });
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      this.alarms.push(created);
      return created;
    };
    const operation = (alarmId: string, options: Omit<cloudwatch.AlarmProps, 'treatMissingData'>) => {
      this.operations[alarmId] = alarm(alarmId, options);
    };

    const deadLetterQueues: [string, sqs.IQueue, string][] = props.data.queues.map(({ def, deadLetters }) => [
      def.name,
      deadLetters,
      `Messages of the ${def.name} queue failed ${def.maxReceiveCount} times and wait in its dead-letter queue`,
    ]);
    if (props.workers.scheduleDeadLetters) {
      deadLetterQueues.push([
        'schedules',
        props.workers.scheduleDeadLetters,
        'Scheduled job runs failed after their retries and wait in the schedules dead-letter queue',
      ]);
    }
    for (const [name, queue, alarmDescription] of deadLetterQueues) {
      operation(`${pascal(name)}DeadLetters`, {
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        alarmDescription,
      });
    }

    const period = Duration.minutes(5);
    operation('ApiServerErrorRate', {
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${SERVER_ERROR_MIN_REQUESTS}, 100 * errors / requests, 0)`,
        usingMetrics: {
          errors: props.api.api.metricServerError({ period, statistic: 'Sum' }),
          requests: props.api.api.metricCount({ period, statistic: 'Sum' }),
        },
        period,
        label: 'HTTP API 5xx (%)',
      }),
      threshold: SERVER_ERROR_PERCENT,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription: `Over ${SERVER_ERROR_PERCENT}% of HTTP API requests answered 5xx in five minutes`,
    });

    operation('ApiThrottled', {
      metric: props.api.throttledRequests.with({ period }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      alarmDescription: 'The HTTP API stage answered 429 (a stage or route throttle was reached)',
    });

    // The money (decision 076): figures the jobs emit (functions/jobs/measure-escrows.ts, settle-escrows.ts,
    // reconcile-orders.ts) in the stage's dimension.
    const escrow = escrowMetrics(props.stage);
    operation('EscrowsStuck', {
      metric: escrow.stuck,
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription:
        'An escrow is stuck: past its deadline and the grace, or drifted from the ledger (docs/operations.md)',
    });
    operation('SettlementFailures', {
      metric: escrow.settlementFailures,
      threshold: 1,
      evaluationPeriods: SETTLEMENT_FAILURE_PERIODS,
      datapointsToAlarm: SETTLEMENT_FAILURE_PERIODS,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      alarmDescription: `Settlements kept failing for ${SETTLEMENT_FAILURE_PERIODS * 5} minutes (docs/operations.md)`,
    });
    operation('ReconcileDrift', {
      metric: escrow.drift,
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription: 'The reconcile job found orders that disagree with the ledger (docs/operations.md)',
    });
    operation('SettlementWaiting', {
      metric: new cloudwatch.MathExpression({
        expression: 'MAX([releasing, refunding])',
        usingMetrics: { releasing: escrow.oldestReleasingMinutes, refunding: escrow.oldestRefundingOverdueMinutes },
        period: escrow.oldestReleasingMinutes.period,
        label: 'Longest wait in releasing or refunding (min)',
      }),
      threshold: SETTLEMENT_WAIT_MINUTES,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription: `An order waited in releasing, or in refunding past CancelAfter, over ${SETTLEMENT_WAIT_MINUTES} minutes (docs/operations.md)`,
    });
    const signing = props.data.queues.find((q) => q.def.name === 'signing');
    if (signing) {
      operation('SigningQueueOldestMessage', {
        metric: signing.queue.metricApproximateAgeOfOldestMessage({
          period: Duration.minutes(1),
          statistic: 'Maximum',
        }),
        threshold: SIGNING_QUEUE_MAX_AGE_SECONDS,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        alarmDescription: `The signing queue's oldest message waited over ${SIGNING_QUEUE_MAX_AGE_SECONDS} s: wallet signatures are not being followed (docs/operations.md)`,
      });
    }

    const functions: [string, HandlerFunction][] = [
      ...Object.entries(props.api.functions),
      ...Object.entries(props.realtime.functions).map(([k, fn]): [string, HandlerFunction] => [`socket ${k}`, fn]),
      ['socket authorizer', props.realtime.authorizerFunction],
      ...Object.entries(props.workers.consumers).map(([k, fn]): [string, HandlerFunction] => [`${k} consumer`, fn]),
      ...Object.entries(props.workers.jobs).map(([k, fn]): [string, HandlerFunction] => [`${k} job`, fn]),
    ];
    for (const [name, fn] of functions) {
      alarm(`${pascal(name)}Throttles`, {
        metric: fn.fn.metricThrottles({ period, statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        alarmDescription: `Lambda throttled invocations of ${name} (its concurrency limit was reached)`,
      });
    }

    this.dashboard = stageDashboard(this, 'Dashboard', {
      stage: props.stage,
      data: props.data,
      api: props.api,
      realtime: props.realtime,
      workers: props.workers,
      edge: props.edge,
      alarms: Object.values(this.operations),
    });

    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'Subscribe operators to this topic (email, chat, paging)',
    });
  }
}
