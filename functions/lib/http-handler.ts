import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { ApiContract, ResponseOf } from '../../shared/api/contract';
import { UnauthorizedError } from './errors';
import { authentication } from './http/authentication';
import { contractValidation } from './http/contract-validation';
import { errorResponse } from './http/error-response';
import { idempotencyKey } from './http/idempotency-key';
import { jsonBody } from './http/json-body';
import { requestContext } from './http/request-context';
import { json, stateOf, type HttpMiddleware, type HttpResponse, type PreparedResponse } from './http/state';
import type { IdempotentRun } from './idempotency';
import { createLogger, type Logger } from './logger';
import { FunctionMetrics, flushMetrics, type BusinessMetrics } from './metrics';
import { originCheckEnabled, originVerify, type OriginSecret } from './origin-verify';
import type { Auth, Authenticator, Principal } from './session-auth';

export { MAX_BODY_BYTES } from './http/json-body';

export interface HttpRequest<C extends ApiContract> {
  params: z.infer<C['params']>;
  query: z.infer<C['query']>;
  body: C['body'] extends z.ZodMiniType ? z.infer<C['body']> : undefined;
  requestId: string;
  log: Logger;
  /** Business metrics of this function (count a domain action once it happened). */
  metrics: BusinessMetrics;
  event: APIGatewayProxyEventV2;
  /** The signed-in user and session; set on `user` and `admin` routes, null on public ones. */
  auth: Principal | null;
  /** The Idempotency-Key, checked, on idempotent routes (for a use case that stores its own answer). */
  idempotencyKey: string | undefined;
}

/** The signed-in principal of a `user` or `admin` route (401 if a public route asks). */
export function principalOf(req: { auth: Principal | null }): Principal {
  if (!req.auth) throw new UnauthorizedError();
  return req.auth;
}

/** The caller's address as API Gateway saw it (rate limits). */
/** The header CloudFront's viewer-request function sets on every API request to the viewer's address (decision 074). */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

/**
 * The caller's address, for per-address limits. Behind CloudFront, API Gateway's `sourceIp` is CloudFront's edge, shared
 * by every viewer of that edge: the viewer's own address comes from the header CloudFront's function sets (replacing
 * any a viewer sent), trusted only where the origin check proves the request came through CloudFront (decision 074).
 */
export function sourceIpOf(event: APIGatewayProxyEventV2, env: NodeJS.ProcessEnv = process.env): string {
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER];
  if (viewer && ADDRESS.test(viewer) && originCheckEnabled(env)) return viewer;
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

export interface HttpResult<T> {
  status: number;
  body: T;
  headers?: Record<string, string>;
}

export const ok = <T>(body: T, headers?: Record<string, string>): HttpResult<T> => ({ status: 200, body, headers });
export const created = <T>(body: T): HttpResult<T> => ({ status: 201, body });

type Handler = (event: APIGatewayProxyEventV2, context?: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** What of a route the wrapper reads (functions/routes.ts's RouteDef has it all). */
export interface HttpRoute<C extends ApiContract> {
  name: string;
  contract: C;
  /** The handler's module path, its service name in logs and metrics. */
  handler: string;
  auth: Auth;
  idempotent?: boolean;
}

/** What a deployment binds once for all its handlers (functions/wiring/http.ts; tests bind their own). */
export interface HttpBindings {
  /** How a session token is checked. */
  authenticate: Authenticator;
  /** The secret CloudFront adds to every request it forwards. */
  originSecret: OriginSecret;
  /**
   * Checked before the body is read or a session checked; throws a typed error to refuse the request (maintenance
   * mode's 503 for writes, decision 063). Given the route and the request's method.
   */
  gate?: (route: HttpRoute<ApiContract>, method: string) => Promise<void>;
}

export interface HttpHandlerOptions {
  /** How the session token is checked when the route needs more than the bound authenticator (the bid's first read). */
  authenticate?: Authenticator;
  /**
   * The stored-answer runner of a route with `idempotent: true` (functions/lib/idempotency.ts), or 'use-case' when
   * the use case stores its answer with its action in one transaction (bids, decision 031); required there.
   */
  idempotency?: IdempotentRun | 'use-case';
}

function gated(route: HttpRoute<ApiContract>, gate: HttpBindings['gate']): HttpMiddleware {
  return {
    before: async (request) => {
      if (gate) await gate(route, request.event.requestContext?.http?.method ?? route.contract.method);
    },
  };
}

/**
 * The one middy chain of every HTTP handler (decision 006), outermost first: request context (request id as the
 * correlation id, the request's logger, common headers and one log line), metrics flush, error mapping (typed errors
 * to statuses, the JSON error shape, 500 with nothing internal), the CloudFront origin check (403 for a direct call to
 * the API's own endpoint), body size and JSON parsing, authentication by the
 * route's auth level, contract validation of path, query and body, and on idempotent routes the Idempotency-Key.
 */
export const httpHandlerWith =
  (bindings: HttpBindings) =>
  <C extends ApiContract>(
    route: HttpRoute<C>,
    impl: (req: HttpRequest<C>) => Promise<HttpResult<ResponseOf<C>>>,
    options: HttpHandlerOptions = {},
  ): Handler => {
    const idempotent = route.idempotent === true;
    if (idempotent !== (options.idempotency !== undefined)) {
      throw new Error(
        idempotent
          ? `route ${route.name} is idempotent: pass { idempotency: idempotentRequests('${route.name}') }`
          : `route ${route.name} gets an idempotency runner but is not marked idempotent in routes.ts`,
      );
    }
    if (idempotent && route.auth === 'public') {
      throw new Error(`route ${route.name}: idempotency keys are scoped to the signed-in user; it can't be public`);
    }
    const log = createLogger({ service: route.handler, route: route.name });
    const metrics = new FunctionMetrics(route.handler);

    const respond = async (event: APIGatewayProxyEventV2): Promise<PreparedResponse> => {
      const state = stateOf(event);
      const req = {
        ...state.input,
        requestId: state.requestId,
        log: state.log,
        metrics: state.metrics,
        event,
        auth: state.auth,
        idempotencyKey: state.idempotencyKey,
      } as HttpRequest<C>;
      const result = await impl(req);
      return json(result.status, result.body, result.headers);
    };

    const handle = async (event: APIGatewayProxyEventV2, context: Context): Promise<HttpResponse> => {
      if (!options.idempotency || options.idempotency === 'use-case') return respond(event);
      const state = stateOf(event);
      const { params, body } = state.input ?? {};
      const scope = { user: state.auth!.userId, key: state.idempotencyKey!, params, body };
      return options.idempotency(scope, context, () => respond(event));
    };
    const chain = middy<APIGatewayProxyEventV2, HttpResponse, Error, Context>(handle)
      .use(requestContext(log, metrics))
      .use(flushMetrics(metrics))
      .use(errorResponse(route.auth))
      .use(originVerify(bindings.originSecret))
      .use(gated(route as HttpRoute<ApiContract>, bindings.gate))
      .use(jsonBody(route.contract.body !== undefined))
      .use(authentication(route.auth, options.authenticate ?? bindings.authenticate))
      .use(contractValidation(route.contract));
    if (idempotent) chain.use(idempotencyKey());
    return chain as unknown as Handler;
  };
