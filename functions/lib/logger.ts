import { LogLevelThreshold, Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import type { Context } from 'aws-lambda';

/**
 * Structured JSON logs, one line per entry, the same for every handler: Powertools Logger underneath (level, message,
 * timestamp, service, correlation_id, the Lambda context), this small interface on top so callers never import it.
 */
export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  child(context: Record<string, unknown>): Logger;
}

/** Keys whose values never reach a log line, wherever they are nested (headers, events, errors' causes). */
const SECRET_KEY =
  /^(authorization|cookie|set-cookie|x-api-key)$|token$|secret$|password|fulfillment|signingkey|pickupcode/i;
const REDACTED = '[redacted]';

function redact(key: string, value: unknown): unknown {
  return key !== '' && SECRET_KEY.test(key) && value !== undefined && value !== null ? REDACTED : value;
}

/** LOG_LEVEL as the functions' config has it (lowercase); Powertools wants it uppercase. */
function level(): LogLevel {
  return (process.env.LOG_LEVEL ?? 'info').toUpperCase() as LogLevel;
}

/** Keys Powertools owns on every line; a caller's own value under one of them is kept as `<key>_` instead of dropped. */
const RESERVED = new Set(['level', 'message', 'sampling_rate', 'service', 'timestamp']);

function extra(data: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!data) return {};
  if (!Object.keys(data).some((k) => RESERVED.has(k))) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [RESERVED.has(k) ? `${k}_` : k, v]));
}

class StructuredLogger implements Logger {
  #made: PowertoolsLogger | undefined;
  readonly root: StructuredLogger;

  /**
   * The Powertools logger is made on first use, so LOG_LEVEL set by a test or the local runtime after import counts.
   * A child (an invocation's, a request's) takes its root's level, so an entry below it is dropped without making
   * the child (a Powertools logger and its console for every request, only to drop the request's info line).
   */
  constructor(
    private readonly make: () => PowertoolsLogger,
    root?: StructuredLogger,
  ) {
    this.root = root ?? this;
  }

  get powertools(): PowertoolsLogger {
    this.#made ??= this.make();
    return this.#made;
  }

  #writes(threshold: number): boolean {
    return (this.#made ?? this.root.powertools).level <= threshold;
  }

  debug(message: string, data?: Record<string, unknown>) {
    if (this.#writes(LogLevelThreshold.DEBUG)) this.powertools.debug(message, extra(data));
  }
  info(message: string, data?: Record<string, unknown>) {
    if (this.#writes(LogLevelThreshold.INFO)) this.powertools.info(message, extra(data));
  }
  warn(message: string, data?: Record<string, unknown>) {
    this.powertools.warn(message, extra(data));
  }
  error(message: string, data?: Record<string, unknown>) {
    this.powertools.error(message, extra(data));
  }
  child(context: Record<string, unknown>): Logger {
    return new StructuredLogger(() => this.powertools.createChild({ persistentKeys: context }), this.root);
  }
}

/**
 * A logger whose entries all carry `context`. `service` becomes Powertools' service name (the function, e.g.
 * `http/listings/create-listing`); everything else is a key on every line.
 */
export function createLogger(context: Record<string, unknown> = {}): Logger {
  const { service, ...keys } = context;
  return new StructuredLogger(
    () =>
      new PowertoolsLogger({
        serviceName: typeof service === 'string' ? service : (process.env.POWERTOOLS_SERVICE_NAME ?? 'marketplace'),
        logLevel: level(),
        persistentKeys: keys,
        jsonReplacerFn: redact,
      }),
  );
}

/**
 * The logger of one invocation: `correlationId` (API Gateway's request id, a message id, a schedule run id) on every
 * line, plus the Lambda context (function name, request id, cold start) when there is one.
 */
export function invocationLogger(
  parent: Logger,
  correlationId: string,
  context: Partial<Context> | undefined,
  keys: Record<string, unknown> = {},
): Logger {
  const base = parent instanceof StructuredLogger ? parent : undefined;
  if (!base) return parent.child({ correlation_id: correlationId, ...keys });
  return new StructuredLogger(() => {
    const made = base.powertools.createChild({ persistentKeys: { correlation_id: correlationId, ...keys } });
    if (context?.functionName && context.awsRequestId) made.addContext(context as Context);
    return made;
  }, base.root);
}

export const logger = createLogger();
