import {
  CONNECTION_LIFETIME_SECONDS,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  clientSocketMessageSchema,
  type ServerSocketMessage,
} from '../../../shared/events';
import type { RealtimeStore } from './ports';

const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

export async function openConnection(
  store: RealtimeStore,
  connectionId: string,
  userId: string | undefined,
  now: Date,
): Promise<void> {
  await store.saveConnection({
    connectionId,
    userId,
    connectedAt: now.toISOString(),
    ttl: epochSeconds(now) + CONNECTION_LIFETIME_SECONDS,
  });
}

/** Handles one message a browser sent on its socket and returns the answer to send back. */
export async function handleSocketMessage(
  store: RealtimeStore,
  connectionId: string,
  raw: string | undefined,
  now: Date,
): Promise<ServerSocketMessage> {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    return { type: 'error', message: 'Messages must be JSON' };
  }
  const parsed = clientSocketMessageSchema.safeParse(json);
  if (!parsed.success) return { type: 'error', message: parsed.error.issues[0]?.message ?? 'Unknown message' };
  const message = parsed.data;
  switch (message.action) {
    case 'ping':
      return { type: 'pong' };
    case 'unsubscribe':
      await store.unsubscribe(connectionId, message.topic);
      return { type: 'unsubscribed', topic: message.topic };
    case 'subscribe': {
      const topics = await store.topicsOf(connectionId);
      if (!topics) return { type: 'error', message: 'Connection is closed' };
      if (!topics.includes(message.topic)) {
        if (topics.length >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return { type: 'error', message: `At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection` };
        }
        await store.subscribe(connectionId, message.topic, epochSeconds(now) + CONNECTION_LIFETIME_SECONDS);
      }
      return { type: 'subscribed', topic: message.topic };
    }
  }
}
