import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { socketSender } from '../adapters/socket-sender';
import { answerSocketMessage } from '../core/realtime/connections';
import { socketHandler } from '../wiring/jobs';

/** Messages from browsers: subscribe / unsubscribe to topics, ping. The answer goes back over @connections. */
export const handler = socketHandler('ws/default', async (event, { connectionId }) => {
  await answerSocketMessage({ store: realtimeStore(db()), sender: socketSender, now: new Date() }, connectionId, {
    body: event.body,
    isBase64Encoded: event.isBase64Encoded,
  });
  return { statusCode: 200 };
});
