import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { needsSessionKey, routeList, type RouteDef } from '../../functions/routes';
import type { DataStack } from './data-stack';
import {
  grantMediaDelete,
  grantMediaRead,
  grantMediaUpload,
  grantRateCounters,
  grantSecretRead,
  grantTable,
} from './grants';
import { pascal } from './names';
import { HandlerFunction, type FunctionEnvironment } from './node-function';

export interface ApiStackProps extends StackProps {
  data: DataStack;
  environment: FunctionEnvironment;
  routes?: readonly RouteDef[];
}

/** The HTTP API built from the route table: one function per route, each with only the grants its method needs. */
export class ApiStack extends Stack {
  readonly api: apigwv2.HttpApi;
  readonly functions: Record<string, HandlerFunction> = {};

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
    new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
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

    const { table, mediaBucket, queues } = props.data;
    for (const route of props.routes ?? routeList) {
      const fn = new HandlerFunction(this, pascal(route.name), {
        handler: route.handler,
        environment: props.environment,
        description: `${route.contract.method} ${route.contract.path}`,
        // Image re-encoding (sharp) wants memory (and the CPU that comes with it) and time for up to 8 photos.
        ...(route.nativeModules && {
          nativeModules: route.nativeModules,
          memorySize: 1024,
          timeout: Duration.seconds(29),
        }),
      });
      grantTable(fn, table, route.contract.method === 'GET' ? 'read' : 'readWrite');
      if (route.rateLimits) grantRateCounters(fn, table, route.rateLimits);
      grantMediaRead(fn, mediaBucket);
      if (route.uploadsMedia) grantMediaUpload(fn, mediaBucket, route.uploadsMedia);
      for (const prefix of route.deletesMedia ?? []) grantMediaDelete(fn, mediaBucket, prefix);
      for (const { queue } of queues) queue.grantSendMessages(fn.fn);
      // Only what talks to Xaman (sign-in, later checkout and fees, the health check) may read its secret.
      if (route.usesSigner) grantSecretRead(fn, props.data.xamanApiSecret);
      // Only functions that check or issue sessions and registration tickets may read the session signing key.
      if (needsSessionKey(route)) {
        fn.fn.addEnvironment('SESSION_SIGNING_KEY_ARN', props.data.sessionSigningKey.secretArn);
        grantSecretRead(fn, props.data.sessionSigningKey);
      }

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
      this.functions[route.name] = fn;
    }
  }

  /** Host name of the API (no scheme, no path), for a CloudFront origin. */
  get domainName(): string {
    return `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }
}
