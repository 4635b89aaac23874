import { Duration, NestedStack, Validations } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_ENV } from '../../functions/lib/origin-verify';
import { needsSessionKey, type RouteDef } from '../../functions/routes';
import { CARRIER_WEBHOOK_ROUTES, describeCarrier, grantCarrier, grantCarrierWebhook } from './carrier-settings';
import type { DataStack } from './data-stack';
import {
  grantEscrowSettlement,
  grantPlatformSigning,
  grantFulfillmentSealing,
  grantMediaDelete,
  grantMediaRead,
  grantMediaUpload,
  grantKeyedUpdates,
  grantSecretRead,
  grantTable,
} from './grants';
import { ADMIN_SECRETS_STATUS, ADMIN_SECRETS_WRITER, grantAdminSecrets, PRODUCT_LOOKUP_ROUTE } from './managed-secrets';
import { pascal } from './names';
import { HandlerFunction, type FunctionEnvironment } from './node-function';

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

/**
 * A route's area: the folder of its handler module, `http/<area>/...` ('http/listings/get-listing' -> 'listings').
 * The routes of one area share a nested stack (decision 038).
 */
export function routeArea(route: RouteDef): string {
  const [kind, area, ...rest] = route.handler.split('/');
  if (kind !== 'http' || !area || rest.length === 0) {
    throw new Error(`Route ${route.name}: handler '${route.handler}' is not under http/<area>/`);
  }
  return area;
}

/** The routes of the table grouped by area, areas in the order their first route comes. */
export function routesByArea(routes: readonly RouteDef[]): Map<string, RouteDef[]> {
  const areas = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const area = routeArea(route);
    areas.set(area, [...(areas.get(area) ?? []), route]);
  }
  return areas;
}

export interface RouteAreaStackProps {
  /** `http/<area>/` of every route given. */
  area: string;
  routes: readonly RouteDef[];
  /** The API stack's HTTP API: its routes are added here, in this nested stack. */
  httpApi: apigwv2.IHttpApi;
  /** The API stack's one log group for every route's function (decision 038). */
  logGroup: logs.LogGroup;
  data: DataStack;
  environment: FunctionEnvironment;
  reserveConcurrency: boolean;
}

/**
 * The per-route resources of one route area, as a nested stack of the API stack (a single resource there): each route's
 * function with its role and policy, its integration, its route on the HTTP API and the permission that lets the API
 * invoke the function. Each function gets only the grants its route's flags ask for.
 */
export class RouteAreaStack extends NestedStack {
  readonly area: string;
  readonly functions: Record<string, HandlerFunction> = {};
  readonly httpRoutes: Record<string, apigwv2.HttpRoute> = {};

  constructor(scope: Construct, id: string, props: RouteAreaStackProps) {
    super(scope, id, { description: `HTTP API routes of functions/http/${props.area} (decision 038)` });
    this.area = props.area;
    const { data, environment } = props;
    const { table, mediaBucket, queues } = data;
    for (const route of props.routes) {
      if (routeArea(route) !== props.area) throw new Error(`Route ${route.name} is not in area ${props.area}`);
      const capacity = route.capacity && CAPACITY[route.capacity];
      const fn = new HandlerFunction(this, pascal(route.name), {
        handler: route.handler,
        environment,
        logGroup: props.logGroup,
        description: `${route.contract.method} ${route.contract.path}`,
        ...(capacity && props.reserveConcurrency && { reservedConcurrentExecutions: capacity.reservedConcurrency }),
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
      grantKeyedUpdates(fn, table, {
        rateLimits: route.rateLimits,
        keyPrefixes: route.cacheKeyPrefixes,
        signingRequests: route.updatesSigningRequests,
      });
      grantMediaRead(fn, mediaBucket);
      if (route.uploadsMedia) grantMediaUpload(fn, mediaBucket, route.uploadsMedia);
      for (const prefix of route.deletesMedia ?? []) grantMediaDelete(fn, mediaBucket, prefix);
      for (const { queue } of queues) queue.grantSendMessages(fn.fn);
      // Only what talks to Xaman (sign-in, later checkout and fees, the health check) may read its secret.
      if (route.usesSigner) grantSecretRead(fn, data.xamanApiSecret);
      // Only what talks to the carrier (the health check, rates, shipping, deliveries) gets its settings and secret.
      if (route.usesCarrier) grantCarrier(fn, data.carrier);
      // Only the webhook routes check or make FedEx's signatures. FedEx posts to the site's
      // https://<site>/api/carrier/webhook, through CloudFront (ALLOW_ALL on /api/*, which adds the origin header), so
      // the origin check below passes.
      const webhook = CARRIER_WEBHOOK_ROUTES.has(route.name);
      if (webhook) grantCarrierWebhook(fn, data.carrier);
      // API keys saved in the admin portal (decision 071): whatever uses a managed key reads the saved ones, the save
      // route writes them, the API keys tab asks which exist; each only under the stage's prefix.
      if (route.usesSigner || route.usesCarrier || webhook || route.name === PRODUCT_LOOKUP_ROUTE) {
        grantAdminSecrets(fn, data.adminSecretsPrefix, 'read');
      }
      if (route.name === ADMIN_SECRETS_WRITER) grantAdminSecrets(fn, data.adminSecretsPrefix, 'save');
      if (route.name === ADMIN_SECRETS_STATUS) {
        grantAdminSecrets(fn, data.adminSecretsPrefix, 'status');
        describeCarrier(fn, data.carrier);
      }
      // Only checkout seals fulfillments (kms:Encrypt); only what releases and refunds escrows opens them (kms:Decrypt)
      // and signs as the platform account (its seed).
      if (route.sealsFulfillments) grantFulfillmentSealing(fn, data.fulfillmentKey);
      if (route.opensFulfillments) grantEscrowSettlement(fn, data);
      else if (route.signsAsPlatform) grantPlatformSigning(fn, data.platformWalletSeed);
      // Only functions that check or issue sessions and registration tickets may read the session signing key.
      if (needsSessionKey(route)) {
        fn.fn.addEnvironment('SESSION_SIGNING_KEY_ARN', data.sessionSigningKey.secretArn);
        grantSecretRead(fn, data.sessionSigningKey);
      }
      // Every route refuses requests that did not come through CloudFront.
      fn.fn.addEnvironment(ORIGIN_VERIFY_ENV, data.originVerifySecret.secretArn);
      grantSecretRead(fn, data.originVerifySecret);

      // Made here rather than with HttpApi.addRoutes, which would put the route (and its integration and permission)
      // in the API stack, next to the API.
      const method = route.contract.method as apigwv2.HttpMethod;
      const httpRoute = new apigwv2.HttpRoute(this, `${method}${route.contract.path}`, {
        httpApi: props.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.contract.path, method),
        integration: new HttpLambdaIntegration(`${pascal(route.name)}Integration`, fn.fn),
      });
      // Sessions are our own JWTs, checked by the handler wrapper per the route's auth level (public/user/admin)
      // from the same route table; an API Gateway authorizer would duplicate that and couldn't serve public routes.
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `Route auth level '${route.auth}' is enforced by the handler wrapper from functions/routes.ts.`,
      });
      this.functions[route.name] = fn;
      this.httpRoutes[route.name] = httpRoute;
    }
  }
}
