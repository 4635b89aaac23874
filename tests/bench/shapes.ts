import { spawnSync } from 'node:child_process';
import { routes } from '../../functions/routes';
import { isMain } from './bench-doc';

/**
 * The two shapes a piece can measure (decision 075): the HTTP handlers in the stack's process, or in a pool of worker
 * processes serving one request at a time each, as Lambda containers do.
 */
export type Shape = 'one-process' | 'lambda';

/** Worker processes in the Lambda shape. */
export const LAMBDA_WORKERS = 16;

/**
 * The stack options of a shape. The Lambda shape's workers load the handlers of `warm` routes before serving, as a hot
 * function's containers are warm: 16 cold starts at once on 2 shared cores would otherwise take the warm-up's time.
 */
export const shapeOptions = (shape: Shape, warm: readonly (keyof typeof routes)[]) =>
  shape === 'lambda' ? { httpWorkers: LAMBDA_WORKERS, httpPreload: warm.map((r) => routes[r].handler) } : {};

/**
 * Runs the piece at `moduleUrl` for one shape in a child process (`--shape <shape>`) and returns the JSON it prints
 * last: a stack's environment is process-wide, and the app's clients keep the first stack they saw.
 */
export function shapeInChild<T>(moduleUrl: string, shape: Shape): T {
  const script = new URL(moduleUrl).pathname;
  const out = spawnSync(process.execPath, [...process.execArgv, script, '--shape', shape], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 2 ** 20,
  });
  if (out.status !== 0) throw new Error(`${script} --shape ${shape} exited with ${out.status ?? out.signal}`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as T;
}

/**
 * In the child `shapeInChild` started: measures the one shape, prints it as JSON and exits. Elsewhere it does nothing
 * (the piece runs both shapes).
 */
export async function runShapeIfAsked<T>(moduleUrl: string, measure: (shape: Shape) => Promise<T>): Promise<void> {
  const at = process.argv.indexOf('--shape');
  if (!isMain(moduleUrl) || at < 0) return;
  const shape = process.argv[at + 1];
  if (shape !== 'one-process' && shape !== 'lambda') throw new Error('--shape one-process|lambda');
  console.log(JSON.stringify(await measure(shape)));
  process.exit(0);
}
