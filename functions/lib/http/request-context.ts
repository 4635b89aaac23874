import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { invocationLogger, type Logger } from '../logger';
import type { FunctionMetrics } from '../metrics';
import { initState, stateOf, type HttpMiddleware, type PreparedResponse } from './state';

/**
 * Outermost middleware. Before: the request id (API Gateway's, as the logs' correlation id) and the request's logger.
 * After (answered or failed): the common headers on the prepared answer and one log line with status and time.
 */
export function requestContext(base: Logger, metrics: FunctionMetrics): HttpMiddleware {
  const finish: HttpMiddleware['after'] = (request) => {
    const state = stateOf(request.event);
    const prepared = request.response as PreparedResponse;
    const result: APIGatewayProxyStructuredResultV2 = {
      statusCode: prepared.status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': state.requestId,
        'cache-control': 'no-store',
        ...prepared.headers,
      },
      body: prepared.body,
    };
    request.response = result;
    const entry = { status: prepared.status, ms: Date.now() - state.started };
    state.log.info('request', state.errorCode ? { ...entry, code: state.errorCode } : entry);
  };
  return {
    before: (request) => {
      const requestId = request.event.requestContext?.requestId ?? crypto.randomUUID();
      initState(request.event, {
        requestId,
        log: invocationLogger(base, requestId, request.context),
        metrics,
        started: Date.now(),
        auth: null,
      });
    },
    after: finish,
    onError: finish,
  };
}
