import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type z } from 'zod';
import type { ApiContract, ResponseOf } from '../../shared/api/contract';
import type { RouteDef } from '../routes';
import { AppError, UnauthorizedError } from './errors';
import { createLogger, type Logger } from './logger';
import { bearerToken, sessionAuthenticator, type Authenticator, type Principal } from './session-auth';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpRequest<C extends ApiContract> {
  params: z.infer<C['params']>;
  query: z.infer<C['query']>;
  body: C['body'] extends z.ZodType ? z.infer<C['body']> : undefined;
  requestId: string;
  log: Logger;
  event: APIGatewayProxyEventV2;
  /** The signed-in user and session; set on `user` and `admin` routes, null on public ones. */
  auth: Principal | null;
}

/** The signed-in principal of a `user` or `admin` route (401 if a public route asks). */
export function principalOf(req: { auth: Principal | null }): Principal {
  if (!req.auth) throw new UnauthorizedError();
  return req.auth;
}

/** The caller's address as API Gateway saw it (rate limits). */
export function sourceIpOf(event: APIGatewayProxyEventV2): string {
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

export interface HttpResult<T> {
  status: number;
  body: T;
  headers?: Record<string, string>;
}

export const ok = <T>(body: T, headers?: Record<string, string>): HttpResult<T> => ({ status: 200, body, headers });
export const created = <T>(body: T): HttpResult<T> => ({ status: 201, body });

type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** zod issues -> one readable message and a per-field map. */
function fieldsOf(error: z.ZodError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length
      ? issue.path.join('.')
      : issue.code === 'unrecognized_keys'
        ? issue.keys.join(',')
        : '_';
    fields[key] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request';
  return { message, fields };
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { message, fields } = fieldsOf(result.error);
  throw new AppError(400, 'validation_failed', `Invalid ${where}: ${message}`, fields);
}

function readBody(event: APIGatewayProxyEventV2, expectsBody: boolean): unknown {
  const raw = event.body;
  if (raw === undefined || raw === null || raw === '') {
    if (expectsBody) throw new AppError(400, 'body_required', 'A JSON request body is required');
    return undefined;
  }
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) {
    throw new AppError(413, 'body_too_large', 'The request body is larger than 1 MB');
  }
  if (!expectsBody) throw new AppError(400, 'unexpected_body', 'This route takes no request body');
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) {
    throw new AppError(415, 'unsupported_media_type', 'Send the request body as application/json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, 'malformed_json', 'The request body is not valid JSON');
  }
}

function json(status: number, body: unknown, requestId: string, headers?: Record<string, string>) {
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': requestId,
      'cache-control': 'no-store',
      ...headers,
    },
    body: status === 204 ? '' : JSON.stringify(body),
  };
}

/**
 * The one wrapper for every HTTP handler: request id and logger, body size and JSON parsing, validation of path,
 * query and body with the route's shared zod contract, authentication by the route's auth level (a bearer session
 * token, checked against its session record; anything else is 401), and typed errors
 * mapped to statuses. Unknown errors are logged and answered 500 with the request id and nothing else.
 */
export function httpHandler<C extends ApiContract>(
  route: RouteDef<C>,
  impl: (req: HttpRequest<C>) => Promise<HttpResult<ResponseOf<C>>>,
  options: { authenticate?: Authenticator } = {},
): Handler {
  const authenticateWith = options.authenticate ?? sessionAuthenticator;
  const base = createLogger({ service: 'api', route: route.name });
  return async (event) => {
    const requestId = event.requestContext?.requestId ?? crypto.randomUUID();
    const log = base.child({ requestId });
    const started = Date.now();
    try {
      const body = readBody(event, route.contract.body !== undefined);
      const auth = route.auth === 'public' ? null : await authenticateWith(bearerToken(event.headers), route.auth);
      const req = {
        params: parseWith(route.contract.params, event.pathParameters ?? {}, 'path'),
        query: parseWith(route.contract.query, event.queryStringParameters ?? {}, 'query'),
        body: route.contract.body ? parseWith(route.contract.body, body, 'body') : undefined,
        requestId,
        log: auth ? log.child({ userId: auth.userId }) : log,
        event,
        auth,
      } as HttpRequest<C>;
      const result = await impl(req);
      log.info('request', { status: result.status, ms: Date.now() - started });
      return json(result.status, result.body, requestId, result.headers);
    } catch (error) {
      if (error instanceof AppError) {
        log.info('request', { status: error.status, code: error.code, ms: Date.now() - started });
        const payload = {
          code: error.code,
          message: error.message,
          requestId,
          ...(error.fields && { fields: error.fields }),
        };
        return json(error.status, { error: payload }, requestId, error.headers);
      }
      log.error('unhandled error', { error, ms: Date.now() - started });
      return json(
        500,
        { error: { code: 'internal', message: 'Something went wrong on our side', requestId } },
        requestId,
      );
    }
  };
}
