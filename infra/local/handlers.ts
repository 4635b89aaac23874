import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/** functions/ at the repository root: route, queue and schedule defs name handler modules relative to it. */
export const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../../functions');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module exports its own event/result types
export type LambdaHandler = (event: any, context: Context) => Promise<unknown>;

const cache = new Map<string, Promise<LambdaHandler>>();

/**
 * Imports `functions/<module>.ts` on first use (as a cold start would) and returns its exported `handler`. Modules are
 * resolved by absolute path so tests can point defs at fixture modules outside functions/.
 */
export function loadHandler(module: string): Promise<LambdaHandler> {
  const file = path.isAbsolute(module) ? module : path.join(FUNCTIONS_DIR, `${module}.ts`);
  let loaded = cache.get(file);
  if (!loaded) {
    loaded = import(pathToFileURL(file).href).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${file} does not export a handler function`);
      return mod.handler as LambdaHandler;
    });
    // A failed import is not cached, so fixing the file and retrying works without a restart.
    loaded.catch(() => cache.delete(file));
    cache.set(file, loaded);
  }
  return loaded;
}

/** Loads modules in the background so the first request does not pay for transpiling them. */
export function warmHandlers(modules: string[]): void {
  for (const m of modules) loadHandler(m).catch(() => undefined);
}

/** A Lambda context close to the real one (the handlers only read the request id and remaining time). */
export function lambdaContext(functionName: string, requestId: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  const name = functionName.replace(/[^A-Za-z0-9-_]/g, '-');
  const fail = () => {
    throw new Error('callback-style Lambda handlers are not supported; return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: fail,
    fail,
    succeed: fail,
  };
}
