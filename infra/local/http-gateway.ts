import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDef } from '../../functions/routes';
import { buildApiEvent, writeApiResult, writeJsonError, type RouteMatch } from './api-event';
import { lambdaContext, loadHandler } from './handlers';
import { setSecurityHeaders } from './security-headers';
import { readBody } from './read-body';

/** API Gateway's payload limit for HTTP APIs. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** API Gateway's integration timeout for HTTP APIs. */
const INTEGRATION_TIMEOUT_MS = 30_000;

interface CompiledRoute {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  handler: string;
  /** Literal characters: among several matches the most specific template wins, as in API Gateway. */
  specificity: number;
}

function compile(route: RouteDef): CompiledRoute {
  const names: string[] = [];
  const source = route.contract.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{([^}+]+)(\+)?\}$/.exec(part);
      if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('');
  return {
    method: route.contract.method,
    template: route.contract.path,
    pattern: new RegExp(`^${source}$`),
    names,
    handler: route.handler,
    specificity: route.contract.path.replace(/\{[^}]+\}/g, '').length,
  };
}

const decodeParam = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export type ApiRouter = (
  method: string,
  path: string,
) =>
  | { kind: 'match'; handler: string; match: RouteMatch }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

export function createRouter(routes: readonly RouteDef[]): ApiRouter {
  const compiled = routes.map(compile).sort((a, b) => b.specificity - a.specificity);
  return (method, path) => {
    const allowed: string[] = [];
    for (const r of compiled) {
      const m = r.pattern.exec(path);
      if (!m) continue;
      if (r.method !== method) {
        allowed.push(r.method);
        continue;
      }
      const pathParameters = r.names.length
        ? Object.fromEntries(r.names.map((n, i) => [n, decodeParam(m[i + 1]!)]))
        : undefined;
      return { kind: 'match', handler: r.handler, match: { routeKey: `${r.method} ${r.template}`, pathParameters } };
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed: [...new Set(allowed)] } : { kind: 'not-found' };
  };
}

/** Reads the body up to `limit` bytes; resolves undefined (and stops buffering) once it is larger. */
/** Past this much discarded upload after a 413, the connection is cut instead of drained. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * Answers 413 without keeping the body: the rest of the upload is read and thrown away so the client can read the
 * answer on the same connection (a client still sending would otherwise fail with EPIPE), up to a cap.
 */
function rejectTooLarge(req: IncomingMessage, res: ServerResponse): void {
  writeJsonError(res, 413, 'payload_too_large', 'The request body is larger than 10 MB');
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARD_BYTES) req.socket.destroy();
  });
  req.resume();
}

export interface HttpGatewayOptions {
  routes: readonly RouteDef[];
  log?: boolean;
  /** Test stacks: take the source address from TEST_VIEWER_ADDRESS_HEADER (api-event.ts). */
  trustTestViewerAddress?: boolean;
  /**
   * Runs a route's handler: default in this process; the Lambda-shape pool (http-pool.ts) runs it in a worker
   * process. `signal` aborts at the integration timeout.
   */
  invoke?: (handler: string, event: APIGatewayProxyEventV2, requestId: string, signal: AbortSignal) => Promise<unknown>;
}

type Invoke = NonNullable<HttpGatewayOptions['invoke']>;

/** In this process the module is loaded before the timeout's clock starts, as before the pool existed. */
async function prepare(handler: string, invoke: Invoke | undefined) {
  if (invoke)
    return (event: APIGatewayProxyEventV2, requestId: string, signal: AbortSignal) =>
      invoke(handler, event, requestId, signal);
  const loaded = await loadHandler(handler);
  return (event: APIGatewayProxyEventV2, requestId: string) => loaded(event, lambdaContext(handler, requestId));
}

/**
 * `/api/*`: matches the route table, turns the request into an API Gateway v2 event, calls the route's handler module
 * and writes its result. The gateway's own errors use the API's JSON error shape; a throwing handler is a 500.
 */
export function createHttpGateway(opts: HttpGatewayOptions) {
  const route = createRouter(opts.routes);
  return async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    setSecurityHeaders(res);
    const method = (req.method ?? 'GET').toUpperCase();
    const path = (req.url ?? '/').split('?')[0]!;
    const found = route(method, path);
    if (found.kind === 'not-found') {
      req.resume();
      writeJsonError(res, 404, 'not_found', 'No such API route');
      return;
    }
    if (found.kind === 'method-not-allowed') {
      req.resume();
      writeJsonError(res, 405, 'method_not_allowed', `Use ${found.allowed.join(', ')} for this route`, {
        headers: { allow: found.allowed.join(', ') },
      });
      return;
    }
    const body = await readBody(req, MAX_REQUEST_BYTES);
    if (!body) {
      rejectTooLarge(req, res);
      return;
    }
    const event = buildApiEvent(req, body, found.match, opts.trustTestViewerAddress);
    const requestId = event.requestContext.requestId;
    let timer: NodeJS.Timeout | undefined;
    const abort = new AbortController();
    try {
      const call = await prepare(found.handler, opts.invoke);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new Error('integration timeout');
          abort.abort(error);
          reject(error);
        }, INTEGRATION_TIMEOUT_MS);
      });
      const result = await Promise.race([call(event, requestId, abort.signal), timeout]);
      if (res.destroyed) return;
      writeApiResult(res, result, requestId);
    } catch (error) {
      const timedOut = error instanceof Error && error.message === 'integration timeout';
      console.error(
        JSON.stringify({
          level: 'error',
          source: 'local-gateway',
          routeKey: found.match.routeKey,
          requestId,
          error: String(error),
          stack: (error as Error)?.stack,
        }),
      );
      if (res.headersSent || res.destroyed) return;
      if (timedOut) writeJsonError(res, 503, 'timeout', 'The handler did not answer in time', { requestId });
      else writeJsonError(res, 500, 'internal', 'Something went wrong on our side', { requestId });
    } finally {
      clearTimeout(timer);
      if (opts.log) console.log(`${method} ${req.url} -> ${res.statusCode} ${Date.now() - started} ms`);
    }
  };
}
