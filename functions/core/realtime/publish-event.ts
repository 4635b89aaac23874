import type { SocketEvent } from '../../../shared/events';
import { eachLimited } from '../../lib/each-limited';
import type { Clock } from '../clock/clock';
import type { RealtimeStore, SocketSender } from './ports';

/**
 * Sends in flight at once per event: enough to keep the @connections client's pooled keep-alive sockets busy, bounded
 * so a topic with thousands of subscribers doesn't open thousands of requests at once.
 */
export const FAN_OUT_CONCURRENCY = 64;

export interface FanOutResult {
  sent: number;
  gone: number;
}

export class FanOutError extends Error {
  constructor(
    readonly failed: number,
    readonly result: FanOutResult,
    cause: unknown,
  ) {
    super(`${failed} of ${failed + result.sent + result.gone} sends failed`, { cause });
    this.name = 'FanOutError';
  }
}

/**
 * Pushes one event to every live subscriber of its topic (one read of the topic's subscriptions, then sends with
 * bounded concurrency) and forgets connections that are gone (410). A send that fails otherwise (throttled, network)
 * fails the whole event after every other subscriber got it, so the queue retries it; the event's stable id lets a
 * browser recognise the repeat.
 */
export async function publishEvent(
  event: SocketEvent,
  deps: { store: RealtimeStore; sender: SocketSender; clock: Clock; concurrency?: number },
): Promise<FanOutResult> {
  const subscribers = await deps.store.subscribersOf(event.topic, Math.floor(deps.clock.now().getTime() / 1000));
  const message = { type: 'event' as const, topic: event.topic, event };
  const result: FanOutResult = { sent: 0, gone: 0 };
  const gone: string[] = [];
  const limit = deps.concurrency ?? FAN_OUT_CONCURRENCY;
  const errors = await eachLimited(subscribers, limit, async (connectionId) => {
    if ((await deps.sender.send(connectionId, message)) === 'sent') result.sent++;
    else gone.push(connectionId);
  });
  result.gone = gone.length;
  const cleanupErrors = await eachLimited(gone, limit, (connectionId) => deps.store.removeConnection(connectionId));
  if (errors.length > 0) throw new FanOutError(errors.length, result, errors[0]);
  // A connection that stays in the table only costs a 410 on the next event; its record's TTL removes it anyway.
  void cleanupErrors;
  return result;
}
