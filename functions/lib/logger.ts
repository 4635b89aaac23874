/** Structured JSON logs, one line per entry, the same for every handler (CloudWatch and the local console read them). */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  child(context: Record<string, unknown>): Logger;
}

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info').toLowerCase() as Level;
  return ORDER[level] ?? ORDER.info;
}

function serialize(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(context: Record<string, unknown> = {}): Logger {
  const write = (level: Level, message: string, data?: Record<string, unknown>) => {
    if (ORDER[level] < threshold()) return;
    const entry: Record<string, unknown> = { level, time: new Date().toISOString(), message, ...context };
    for (const [k, v] of Object.entries(data ?? {})) entry[k] = serialize(v);
    const line = JSON.stringify(entry);
    if (level === 'error' || level === 'warn') process.stderr.write(line + '\n');
    else process.stdout.write(line + '\n');
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (more) => createLogger({ ...context, ...more }),
  };
}

export const logger = createLogger({ service: process.env.SERVICE_NAME ?? 'marketplace' });
