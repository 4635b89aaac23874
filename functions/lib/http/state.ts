import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { MiddlewareObj } from '@middy/core';
import type { Logger } from '../logger';
import type { FunctionMetrics } from '../metrics';
import type { Principal } from '../session-auth';

/** What a handler answered, before the chain adds the common headers: the body is already JSON. */
export interface PreparedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the middlewares of one HTTP request learn, in the order they learn it. */
export interface HttpState {
  requestId: string;
  log: Logger;
  metrics: FunctionMetrics;
  started: number;
  /** The parsed JSON body (undefined when the route takes none). */
  body?: unknown;
  auth: Principal | null;
  input?: { params: unknown; query: unknown; body: unknown };
  /** The client's Idempotency-Key on routes that take one. */
  idempotencyKey?: string;
  /** The error code answered, for the request log line. */
  errorCode?: string;
}

export type HttpResponse = APIGatewayProxyStructuredResultV2 | PreparedResponse;
export type HttpMiddleware = MiddlewareObj<APIGatewayProxyEventV2, HttpResponse, Error, Context>;

/**
 * Per-request state, keyed by the event object: middy gives the base handler only (event, context), and the state
 * must not leak into the event (it is logged, hashed, passed on).
 */
const states = new WeakMap<object, HttpState>();

export function initState(event: APIGatewayProxyEventV2, state: HttpState): HttpState {
  states.set(event, state);
  return state;
}

export function stateOf(event: APIGatewayProxyEventV2): HttpState {
  const state = states.get(event);
  if (!state) throw new Error('request context middleware missing from the chain');
  return state;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): PreparedResponse {
  return { status, headers, body: status === 204 ? '' : JSON.stringify(body) };
}
