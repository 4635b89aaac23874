import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_ENV } from '../../functions/lib/origin-verify';
import { needsSessionKey, routeList, type RouteDef } from '../../functions/routes';
import { CARRIER_WEBHOOK_ROUTE, grantCarrier, grantCarrierWebhook } from './carrier-settings';
import type { DataStack } from './data-stack';
import {
  grantEscrowSettlement,
  grantFulfillmentSealing,
  grantMediaDelete,
  grantMediaRead,
  grantMediaUpload,
  grantRateCounters,
  grantSecretRead,
  grantTable,
} from './grants';
import { pascal } from './names';
import { functionLogGroup, HandlerFunction, type FunctionEnvironment } from './node-function';

export interface ApiStackProps extends StackProps {
  data: DataStack;
  environment: FunctionEnvironment;
  routes?: readonly RouteDef[];
  /**
   * Reserve concurrency for sign-in and money paths (default true). An account whose Lambda concurrency quota is
   * below what AWS requires to stay unreserved (new accounts may start at 10) can't, until the quota is raised.
   */
  reserveConcurrency?: boolean;
}

/** Whole-API stage throttle (requests per second, all clients together), per route unless a capacity says otherwise. */
export const DEFAULT_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/**
 * RouteDef.capacity: the route's own throttle (for sign-in and money tighter than the stage's, so one client can't use
 * up the rest's share through one route; WAF limits each address) and concurrency reserved for the route's function.
 * Bids (decision 031): a hot auction's 300 bids a second and its bursts, with room for a second one at once; a bid
 * lasts about 20 ms refused and up to about 150 ms placed (a ledger read, lost races), so 500 a second need about 75
 * functions at once; more memory for more CPU per bid.
 */
export const CAPACITY = {
  'sign-in': { rateLimit: 20, burstLimit: 40, reservedConcurrency: 10 },
  money: { rateLimit: 50, burstLimit: 100, reservedConcurrency: 20 },
  bids: { rateLimit: 500, burstLimit: 1000, reservedConcurrency: 100, memorySize: 1024 },
} as const satisfies Record<
  NonNullable<RouteDef['capacity']>,
  { rateLimit: number; burstLimit: number; reservedConcurrency: number; memorySize?: number }
>;

/** The HTTP API built from the route table: one function per route, each with only the grants its method needs. */
export class ApiStack extends Stack {
  readonly api: apigwv2.HttpApi;
  readonly functions: Record<string, HandlerFunction> = {};
  /** Requests the stage refused with 429 (throttled), counted from the access log. */
  readonly throttledRequests: cloudwatch.Metric;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.api = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: id,
      description: 'Marketplace HTTP API (served under /api by CloudFront)',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'HttpAccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    // HTTP APIs have no 429 metric of their own: count the throttled requests in the access log.
    const throttled = new logs.MetricFilter(this, 'ThrottledRequests', {
      logGroup: accessLogs,
      filterPattern: logs.FilterPattern.numberValue('$.status', '=', 429),
      metricNamespace: 'Marketplace',
      metricName: `${id}-Throttled`,
      metricValue: '1',
      defaultValue: 0,
    });
    this.throttledRequests = throttled.metric({ statistic: 'Sum' });

    const { table, mediaBucket, queues } = props.data;
    // One log group for every route's function (decision 038): a group per function cost a CloudFormation resource
    // per route, and a stack holds at most 500; one group also lets Logs Insights follow a request id across routes.
    const functionLogs = functionLogGroup(this, 'FunctionLogs');
    // CloudFormation's shape as is (CfnStage.routeSettings is untyped JSON, so CDK doesn't capitalize the keys).
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of props.routes ?? routeList) {
      const capacity = route.capacity && CAPACITY[route.capacity];
      const fn = new HandlerFunction(this, pascal(route.name), {
        handler: route.handler,
        environment: props.environment,
        logGroup: functionLogs,
        description: `${route.contract.method} ${route.contract.path}`,
        ...(capacity &&
          (props.reserveConcurrency ?? true) && { reservedConcurrentExecutions: capacity.reservedConcurrency }),
        ...(capacity && 'memorySize' in capacity && { memorySize: capacity.memorySize }),
        // Image re-encoding (sharp) wants memory (and the CPU that comes with it) and time for up to 8 photos.
        ...(route.nativeModules && {
          nativeModules: route.nativeModules,
          memorySize: 1024,
          timeout: Duration.seconds(29),
        }),
        // Following a submitted transaction to a validated ledger takes a close or two (the API's own limit is 30 s).
        ...(route.submitsToLedger && { timeout: Duration.seconds(29) }),
      });
      grantTable(fn, table, route.contract.method === 'GET' ? 'read' : 'readWrite');
      if (route.rateLimits) grantRateCounters(fn, table, route.rateLimits);
      grantMediaRead(fn, mediaBucket);
      if (route.uploadsMedia) grantMediaUpload(fn, mediaBucket, route.uploadsMedia);
      for (const prefix of route.deletesMedia ?? []) grantMediaDelete(fn, mediaBucket, prefix);
      for (const { queue } of queues) queue.grantSendMessages(fn.fn);
      // Only what talks to Xaman (sign-in, later checkout and fees, the health check) may read its secret.
      if (route.usesSigner) grantSecretRead(fn, props.data.xamanApiSecret);
      // Only what talks to the carrier (the health check, rates, shipping, deliveries) gets its settings and secret.
      if (route.usesCarrier) grantCarrier(fn, props.data.carrier);
      // Only the webhook route checks FedEx's signatures. FedEx posts to the site's https://<site>/api/carrier/webhook,
      // through CloudFront (ALLOW_ALL on /api/*, which adds the origin header), so the origin check below passes.
      if (route.name === CARRIER_WEBHOOK_ROUTE) grantCarrierWebhook(fn, props.data.carrier);
      // Only checkout seals fulfillments (kms:Encrypt); only what releases and refunds escrows opens them (kms:Decrypt)
      // and signs as the platform account (its seed).
      if (route.sealsFulfillments) grantFulfillmentSealing(fn, props.data.fulfillmentKey);
      if (route.opensFulfillments) grantEscrowSettlement(fn, props.data);
      // Only functions that check or issue sessions and registration tickets may read the session signing key.
      if (needsSessionKey(route)) {
        fn.fn.addEnvironment('SESSION_SIGNING_KEY_ARN', props.data.sessionSigningKey.secretArn);
        grantSecretRead(fn, props.data.sessionSigningKey);
      }
      // Every route refuses requests that did not come through CloudFront.
      fn.fn.addEnvironment(ORIGIN_VERIFY_ENV, props.data.originVerifySecret.secretArn);
      grantSecretRead(fn, props.data.originVerifySecret);

      const [httpRoute] = this.api.addRoutes({
        path: route.contract.path,
        methods: [route.contract.method as apigwv2.HttpMethod],
        integration: new HttpLambdaIntegration(`${pascal(route.name)}Integration`, fn.fn),
      });
      // Sessions are our own JWTs, checked by the handler wrapper per the route's auth level (public/user/admin)
      // from the same route table; an API Gateway authorizer would duplicate that and couldn't serve public routes.
      Validations.of(httpRoute!).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `Route auth level '${route.auth}' is enforced by the handler wrapper from functions/routes.ts.`,
      });
      if (capacity) {
        const key = `${route.contract.method} ${route.contract.path}`;
        routeSettings[key] = { ThrottlingRateLimit: capacity.rateLimit, ThrottlingBurstLimit: capacity.burstLimit };
        // The stage's settings may only name routes that exist.
        stage.node.addDependency(httpRoute!);
      }
      this.functions[route.name] = fn;
    }
    if (Object.keys(routeSettings).length > 0) {
      (stage.node.defaultChild as apigwv2.CfnStage).routeSettings = routeSettings;
    }
  }

  /** Host name of the API (no scheme, no path), for a CloudFront origin. */
  get domainName(): string {
    return `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }
}
