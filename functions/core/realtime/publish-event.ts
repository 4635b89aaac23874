import type { SocketEvent } from '../../../shared/events';
import type { RealtimeStore, SocketSender } from './ports';

/** Pushes one event to every live subscriber of its topic and forgets connections that are gone. */
export async function publishEvent(
  event: SocketEvent,
  deps: { store: RealtimeStore; sender: SocketSender; now: Date },
): Promise<{ sent: number; gone: number }> {
  const subscribers = await deps.store.subscribersOf(event.topic, Math.floor(deps.now.getTime() / 1000));
  let sent = 0;
  let gone = 0;
  await Promise.all(
    subscribers.map(async (connectionId) => {
      const result = await deps.sender.send(connectionId, { type: 'event', topic: event.topic, event });
      if (result === 'sent') sent++;
      else {
        gone++;
        await deps.store.removeConnection(connectionId);
      }
    }),
  );
  return { sent, gone };
}
