import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routeList, type RouteDef } from '../../functions/routes';
import type { DataStack } from './data-stack';
import { pascal } from './names';
import { functionLogGroup, type HandlerFunction, type FunctionEnvironment } from './node-function';
import { CAPACITY, RouteAreaStack, routesByArea } from './route-area-stack';

export { CAPACITY } from './route-area-stack';

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
 * The HTTP API built from the route table: one function per route, each with only the grants its method needs, made in
 * a nested stack per route area (`RouteAreaStack`); the API, its stage, logs and throttles stay here.
 */
export class ApiStack extends Stack {
  readonly api: apigwv2.HttpApi;
  /** Every route's function, by route name (each lives in its area's nested stack). */
  readonly functions: Record<string, HandlerFunction> = {};
  /** The nested stack of each route area (`http/<area>/`), by area. */
  readonly areas: Record<string, RouteAreaStack> = {};
  /** Requests the stage refused with 429 (throttled), counted from the access log. */
  readonly throttledRequests: cloudwatch.Metric;
  /** The stage's access log (route key, status and latency of every request): the dashboard's per-route tables. */
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.api = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: id,
      description: 'Marketplace HTTP API (served under /api by CloudFront)',
      createDefaultStage: false,
    });
    const accessLogs = (this.accessLogs = new logs.LogGroup(this, 'HttpAccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
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

    // One log group for every route's function (decision 038): a group per function cost a CloudFormation resource
    // per route, and a stack holds at most 500; one group also lets Logs Insights follow a request id across routes.
    const functionLogs = functionLogGroup(this, 'FunctionLogs');
    // CloudFormation's shape as is (CfnStage.routeSettings is untyped JSON, so CDK doesn't capitalize the keys).
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    // Each route costs six resources (function, role, policy, integration, route, permission): they go in a nested
    // stack per route area (`http/<area>/`), one resource here, so the routes can grow past this stack's 500
    // (decision 038).
    for (const [area, routes] of routesByArea(props.routes ?? routeList)) {
      const areaStack = new RouteAreaStack(this, `${pascal(area)}Routes`, {
        area,
        routes,
        httpApi: this.api,
        logGroup: functionLogs,
        data: props.data,
        environment: props.environment,
        reserveConcurrency: props.reserveConcurrency ?? true,
      });
      this.areas[area] = areaStack;
      Object.assign(this.functions, areaStack.functions);
      for (const route of routes.filter((r) => r.capacity)) {
        const capacity = CAPACITY[route.capacity!];
        const key = `${route.contract.method} ${route.contract.path}`;
        routeSettings[key] = { ThrottlingRateLimit: capacity.rateLimit, ThrottlingBurstLimit: capacity.burstLimit };
        // The stage's settings may only name routes that exist: the stage waits for the route's nested stack.
        stage.node.addDependency(areaStack.httpRoutes[route.name]!);
      }
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
