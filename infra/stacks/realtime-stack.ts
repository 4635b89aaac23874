import { RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_ENV } from '../../functions/lib/origin-verify';
import { wsAuthorizer, wsRoutes } from '../../functions/routes';
import type { DataStack } from './data-stack';
import { grantSecretRead, grantSocketPosts, grantTable } from './grants';
import { pascal } from './names';
import { HandlerFunction, type FunctionEnvironment } from './node-function';

/**
 * The WebSocket API's stage is named `ws`, so CloudFront forwards the site's `/ws` path to it unchanged (the same
 * path the local runtime serves the socket on) and no URL rewriting is needed.
 */
export const SOCKET_STAGE_NAME = 'ws';

/** The partition keys of socket tickets (ElectroDB's key of the socketTicket entity, lower-cased). */
export const SOCKET_TICKET_KEYS = '$marketplace#tickethash_*';

/** Routes whose handler answers on the socket through the @connections API. */
const POSTS_TO_SOCKETS: ReadonlySet<string> = new Set(['$default']);

export interface RealtimeStackProps extends StackProps {
  data: DataStack;
  /** Everything but WS_CALLBACK_URL, which this stack provides. */
  environment: Omit<FunctionEnvironment, 'WS_CALLBACK_URL'>;
}

/** WebSocket API with $connect (behind the authorizer), $disconnect and $default, each its own function. */
export class RealtimeStack extends Stack {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  readonly functions: Record<string, HandlerFunction> = {};
  readonly authorizerFunction: HandlerFunction;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);

    this.api = new apigwv2.WebSocketApi(this, 'SocketApi', {
      apiName: id,
      description: 'Marketplace realtime socket',
    });
    const accessLogs = new logs.LogGroup(this, 'SocketAccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigwv2.WebSocketStage(this, 'SocketStage', {
      webSocketApi: this.api,
      stageName: SOCKET_STAGE_NAME,
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            connectionId: '$context.connectionId',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            status: '$context.status',
            requestTime: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    const environment: FunctionEnvironment = { ...props.environment, WS_CALLBACK_URL: this.stage.callbackUrl };

    // Connection and subscription records live in the table; every socket function reads and writes them.
    for (const [routeKey, handler] of Object.entries(wsRoutes)) {
      const fn = new HandlerFunction(this, pascal(handler), { handler, environment });
      grantTable(fn, props.data.table, 'readWrite');
      if (POSTS_TO_SOCKETS.has(routeKey)) grantSocketPosts(fn, this.stage);
      this.functions[routeKey] = fn;
    }

    const authorizerFn = new HandlerFunction(this, pascal(wsAuthorizer), { handler: wsAuthorizer, environment });
    this.authorizerFunction = authorizerFn;
    // It uses up a socket ticket when one is sent and reads its session (decision 078): no signing key, and the only
    // write it may make is deleting a ticket.
    grantTable(authorizerFn, props.data.table, 'read');
    authorizerFn.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:DeleteItem'],
        resources: [props.data.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [SOCKET_TICKET_KEYS] } },
      }),
    );
    // And denies connections that did not come through CloudFront.
    authorizerFn.fn.addEnvironment(ORIGIN_VERIFY_ENV, props.data.originVerifySecret.secretArn);
    grantSecretRead(authorizerFn, props.data.originVerifySecret);
    // No identity source: with one (e.g. route.request.querystring.token) API Gateway answers 401 to a connection
    // without that parameter and never calls the authorizer, but anonymous visitors must be able to open a socket.
    // Reading the optional `ticket` parameter is the authorizer's job.
    const authorizer = new WebSocketLambdaAuthorizer('ConnectAuthorizer', authorizerFn.fn, { identitySource: [] });

    for (const [routeKey, handler] of Object.entries(wsRoutes)) {
      const fn = this.functions[routeKey]!;
      const route = this.api.addRoute(routeKey, {
        integration: new WebSocketLambdaIntegration(`${pascal(handler)}Integration`, fn.fn),
        ...(routeKey === '$connect' ? { authorizer } : {}),
      });
      if (routeKey !== '$connect') {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'API Gateway runs WebSocket authorizers on $connect only; later frames ride on the authorized connection.',
        });
      }
    }
    for (const child of this.api.node.findAll()) {
      if (child instanceof apigwv2.CfnAuthorizer) child.addPropertyDeletionOverride('IdentitySource');
    }
  }
}
