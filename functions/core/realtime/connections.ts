import {
  CONNECTION_LIFETIME_SECONDS,
  MAX_CLIENT_MESSAGE_BYTES,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  clientSocketMessageSchema,
  topicOwner,
  type ServerSocketMessage,
} from '../../../shared/events';
import type { SessionStore } from '../auth/ports';
import { liveSessionIds } from './live-sessions';
import type { RealtimeStore } from './ports';

export const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** One frame from a browser as API Gateway hands it over (binary frames arrive base64-encoded). */
export interface IncomingFrame {
  body: string | undefined;
  isBase64Encoded?: boolean;
}

const refuse = (message: string, topic?: string): ServerSocketMessage => ({
  type: 'error',
  message,
  ...(topic !== undefined && { topic }),
});

/** The client message in a frame, or the error frame that answers it. Never throws: garbage gets an answer. */
function readFrame(frame: IncomingFrame) {
  if (frame.isBase64Encoded) return { error: refuse('Messages must be JSON text, not binary') };
  const body = frame.body ?? '';
  if (new TextEncoder().encode(body).length > MAX_CLIENT_MESSAGE_BYTES) {
    return { error: refuse(`Messages must be at most ${MAX_CLIENT_MESSAGE_BYTES} bytes`) };
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { error: refuse('Messages must be JSON') };
  }
  const parsed = clientSocketMessageSchema.safeParse(json);
  if (parsed.success) return { message: parsed.data };
  const action = (json as { action?: unknown } | null)?.action;
  const topic = (json as { topic?: unknown } | null)?.topic;
  if (action !== 'subscribe' && action !== 'unsubscribe' && action !== 'ping') {
    return { error: refuse('Unknown action: use subscribe, unsubscribe or ping') };
  }
  return {
    error: refuse(
      parsed.error.issues[0]?.message ?? 'Malformed message',
      typeof topic === 'string' ? topic : undefined,
    ),
  };
}

/**
 * Handles one frame a browser sent on its socket and returns the answer to send back. Public topics (`listing:`,
 * `signing:`) are open to every socket; `user:<id>` only to a socket whose $connect authenticated as that user, while
 * the session its ticket was issued in is live (decision 078).
 */
export async function handleSocketMessage(
  store: RealtimeStore,
  connectionId: string,
  frame: IncomingFrame,
  at: Date,
  sessions: Pick<SessionStore, 'get'>,
): Promise<ServerSocketMessage> {
  const read = readFrame(frame);
  if (read.error) return read.error;
  const message = read.message;
  switch (message.action) {
    case 'ping':
      return { type: 'pong' };
    case 'unsubscribe':
      await store.unsubscribe(connectionId, message.topic);
      return { type: 'unsubscribed', topic: message.topic };
    case 'subscribe': {
      const connection = await store.getConnection(connectionId);
      if (!connection) return refuse('Connection is closed', message.topic);
      const owner = topicOwner(message.topic);
      if (owner !== null && owner !== connection.userId) {
        return refuse(connection.userId ? "Another user's topic" : 'Sign in to follow your own topic', message.topic);
      }
      const sessionId = owner === null ? undefined : connection.sessionId;
      if (owner !== null && !(sessionId && (await liveSessionIds([sessionId], sessions, at)).has(sessionId))) {
        return refuse('Your session has ended: sign in again to follow your own topic', message.topic);
      }
      if (!connection.topics.includes(message.topic)) {
        if (connection.topics.length >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return refuse(`At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`, message.topic);
        }
        await store.subscribe(connectionId, message.topic, epochSeconds(at) + CONNECTION_LIFETIME_SECONDS, sessionId);
      }
      return { type: 'subscribed', topic: message.topic };
    }
  }
}
