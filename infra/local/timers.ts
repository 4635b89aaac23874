import { randomUUID } from 'node:crypto';
import { clock, clockOffsetMs } from '../../functions/adapters/clock';
import { rateMs, type ScheduleDef } from '../../functions/routes';
import { lambdaContext, loadHandler } from './handlers';

/** The event EventBridge Scheduler sends a Lambda target (the handlers read `time` and `id`). */
export function scheduledEvent(def: ScheduleDef, now: Date) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    account: '000000000000',
    time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'us-east-1',
    resources: [`arn:aws:scheduler:us-east-1:000000000000:schedule/default/${def.name}`],
    detail: {},
  };
}

/**
 * Runs one schedule's handler now and returns its result (tests and `POST /_local/schedules/{name}` use it instead of
 * waiting for the timer). The run's time is `at`, else the functions' clock (which tests may have moved).
 */
export async function runSchedule(def: ScheduleDef, at: Date = clock.now()): Promise<unknown> {
  const handler = await loadHandler(def.handler);
  const event = scheduledEvent(def, at);
  return handler(event, lambdaContext(def.handler, event.id, 15 * 60_000));
}

/**
 * One interval per schedule, at its rate expression's interval. A run still going when the next is due is not doubled
 * up; errors are logged, never fatal (in AWS, Scheduler retries and then dead-letters the invocation). While a test
 * has moved the functions' clock the timers wait: days ahead, they would close the auctions and expire the offers of
 * every other test on the stack; the test runs the schedules it needs itself (`POST /_local/schedules/{name}`).
 */
export function startTimers(defs: readonly ScheduleDef[]): { stop(): Promise<void> } {
  const running = new Map<string, Promise<void>>();
  const timers = defs.map((def) =>
    setInterval(() => {
      if (running.has(def.name) || clockOffsetMs() !== 0) return;
      const run = runSchedule(def)
        .then(() => undefined)
        .catch((error) => {
          console.error(
            JSON.stringify({ level: 'error', source: 'local-timers', schedule: def.name, error: String(error) }),
          );
        })
        .finally(() => running.delete(def.name));
      running.set(def.name, run);
    }, rateMs(def.rate)),
  );
  return {
    stop: async () => {
      for (const t of timers) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}
