import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { createLogger, invocationLogger, type Logger } from './logger';
import { FunctionMetrics, flushMetrics, type BusinessMetrics } from './metrics';

/** What every non-HTTP handler gets besides its event: the invocation's logger, metrics and Lambda context. */
export interface Invocation {
  log: Logger;
  metrics: BusinessMetrics;
  context: Context | undefined;
}

export interface LambdaHandlerOptions<E, R> {
  /** The logs' correlation id for this event (default: the Lambda request id). */
  correlationId?: (event: E) => string | undefined;
  /** Keys on every log line of the invocation (e.g. the socket's connection id). */
  keys?: (event: E) => Record<string, unknown>;
  /** An answer for a failed invocation (logged first); without it the error propagates to Lambda. */
  answerOnError?: (error: Error) => R;
}

type Handler<E, R> = (event: E, context?: Context) => Promise<R>;

const invocations = new WeakMap<object, Invocation>();

/**
 * The middy chain of WebSocket, queue and schedule handlers: invocation context (logger with correlation id and Lambda
 * context), metrics flush, and (when the handler defines one) the answer to a failure. `service` names the function.
 */
export function lambdaHandler<E extends object, R>(
  service: string,
  impl: (event: E, invocation: Invocation) => Promise<R>,
  options: LambdaHandlerOptions<E, R> = {},
): Handler<E, R> {
  const log = createLogger({ service });
  const metrics = new FunctionMetrics(service);
  const invocationOf = (event: E): Invocation => {
    const found = invocations.get(event);
    if (!found) throw new Error('invocation context middleware missing from the chain');
    return found;
  };
  const chain = middy<E, R, Error, Context>(async (event: E) => impl(event, invocationOf(event)))
    .use({
      before: (request) => {
        const context = typeof request.context?.awsRequestId === 'string' ? request.context : undefined;
        const correlationId = options.correlationId?.(request.event) ?? context?.awsRequestId ?? crypto.randomUUID();
        invocations.set(request.event, {
          log: invocationLogger(log, correlationId, context, options.keys?.(request.event)),
          metrics,
          context,
        });
      },
    })
    .use(flushMetrics(metrics));
  const answer = options.answerOnError;
  if (answer) {
    chain.use({
      onError: (request) => {
        const invocation = invocations.get(request.event);
        (invocation?.log ?? log).error(`${service} failed`, { error: request.error });
        request.response = answer(request.error ?? new Error('unknown failure'));
      },
    });
  }
  return chain as unknown as Handler<E, R>;
}
