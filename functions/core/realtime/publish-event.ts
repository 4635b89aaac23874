import { topicOwner, type SocketEvent } from '../../../shared/events';
import { eachLimited } from '../../lib/each-limited';
import type { SessionStore } from '../auth/ports';
import type { Clock } from '../clock/clock';
import { liveSessionIds } from './live-sessions';
import type { RealtimeStore, SocketSender, Subscriber } from './ports';

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
export interface PublishDeps {
  store: RealtimeStore;
  sender: SocketSender;
  clock: Clock;
  /** Sessions of the sockets on a private topic, checked before each event (decision 078). */
  sessions: Pick<SessionStore, 'get'>;
  concurrency?: number;
}

/**
 * The subscribers an event may reach: on a public topic all; on a private one (`user:<id>`) only those whose session
 * is live. The others (signed out, expired, or subscribed before sessions were kept) lose the subscription and keep
 * their connection for public topics.
 */
async function reachable(topic: string, subscribers: Subscriber[], deps: PublishDeps, at: Date): Promise<string[]> {
  if (topicOwner(topic) === null) return subscribers.map((s) => s.connectionId);
  const live = await liveSessionIds(
    subscribers.flatMap((s) => (s.sessionId ? [s.sessionId] : [])),
    deps.sessions,
    at,
  );
  const [kept, ended] = [[], []] as [string[], string[]];
  for (const s of subscribers) (s.sessionId && live.has(s.sessionId) ? kept : ended).push(s.connectionId);
  // A failed removal is retried by the next event on the topic; this one is not sent there either way.
  await eachLimited(ended, deps.concurrency ?? FAN_OUT_CONCURRENCY, (id) => deps.store.unsubscribe(id, topic));
  return kept;
}

export async function publishEvent(event: SocketEvent, deps: PublishDeps): Promise<FanOutResult> {
  const at = deps.clock.now();
  const subscribed = await deps.store.subscribersOf(event.topic, Math.floor(at.getTime() / 1000));
  const subscribers = await reachable(event.topic, subscribed, deps, at);
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
